import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** Nothing but the page, centred: maintenance, one-time links. */
export function BlankLayout({ children }: { children?: ReactNode }) {
  return (
    <Flex className="layout-blank" align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      {children ?? <Outlet />}
    </Flex>
  );
}
