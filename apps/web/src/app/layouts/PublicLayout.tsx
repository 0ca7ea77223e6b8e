import { Card, Flex, Layout } from 'antd';
import { Outlet } from 'react-router';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { SiteFooter, SiteLogo } from './SiteHeader';

/** Sign-in and sign-up pages: the logo, one card, the footer. */
export function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="site-header">
        <Flex align="center" justify="space-between" style={{ height: '100%', width: '100%' }}>
          <SiteLogo />
          <ThemeToggle />
        </Flex>
      </Layout.Header>
      <Layout.Content className="page-content">
        <Flex justify="center">
          <Card style={{ width: '100%', maxWidth: 480 }}>
            <Outlet />
          </Card>
        </Flex>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
