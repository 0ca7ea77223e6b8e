import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { toggleTheme } from '../lib/theme';

export function ThemeToggle() {
  const theme = useAppSelector((state) => state.preferences.theme);
  const dispatch = useAppDispatch();
  const label = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-testid="theme-toggle"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => dispatch(toggleTheme())}
      />
    </Tooltip>
  );
}
