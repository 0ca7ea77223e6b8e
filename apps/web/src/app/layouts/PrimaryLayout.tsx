import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader } from './SiteHeader';

/** The default layout: header with navigation, the page, footer. */
export function PrimaryLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SiteHeader />
      <Layout.Content className="page-content">
        <Outlet />
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
