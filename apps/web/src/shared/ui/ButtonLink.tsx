import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A link drawn as a button: antd renders an `<a href>` (a link to assistive technology, opens in
 * a new tab with a modifier), and a plain click moves within the app instead of reloading it.
 * A Link around a Button would nest one control in another.
 */
export function ButtonLink({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={to} onClick={follow} />;
}
