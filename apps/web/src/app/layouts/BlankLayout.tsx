import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Themed } from '../Themed';

/** Nothing but the page, centred: maintenance, one-time links. */
export function BlankLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="layout-blank">
      <Themed>{children ?? <Outlet />}</Themed>
    </div>
  );
}
