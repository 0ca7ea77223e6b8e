import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useAppDispatch, useAppSelector } from '../lib/store';
import { toggleTheme } from '../lib/theme';

/** In every header, so a plain button (styles.css) rather than antd's Button and Tooltip. */
export function ThemeToggle() {
  const theme = useAppSelector((state) => state.preferences.theme);
  const dispatch = useAppDispatch();
  const label = theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <button
      type="button"
      className="frame-button frame-button-icon frame-tooltip"
      aria-label={label}
      data-tooltip={label}
      data-testid="theme-toggle"
      onClick={() => dispatch(toggleTheme())}
    >
      {theme === 'dark' ? <SunOutlined aria-hidden /> : <MoonOutlined aria-hidden />}
    </button>
  );
}
