import {
  BankOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FlagOutlined,
  LineChartOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagOutlined,
  TeamOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, Menu, Result } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { SiteFooter, SiteHeader } from '../../app/layouts/SiteHeader';
import { useAppSelector } from '../../app/store';
import { loginUrlAfter } from '../../shared/lib/navigation';
import { PageLoading } from '../../shared/ui/PageLoading';
import { PageTitle } from '../../shared/ui/PageTitle';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import { AdminLiveSessionsPage } from '../live/AdminLiveSessionsPage';
import { LiveStreamingOn, useLiveStreamingOn } from '../live/LiveStreamingOn';
import { AdminOrderPage, AdminOrdersPage } from '../shop/OrderPages';
import { useShopOpen } from '../shop/ShopOpen';
import { AccountsPage } from './AccountsPage';
import { DashboardPage } from './DashboardPage';
import { EmailTemplateEditorPage, EmailTemplatesPage } from './EmailTemplatesPage';
import { CouponsAdminPage, EarningsAdminPage, PayoutsAdminPage, TransactionsAdminPage, WalletChargesAdminPage } from './MoneyPages';
import { ReportsPage } from './ReportsPage';
import { SettingsPage } from './SettingsPage';
import { PostsAdminPage, SitePromosAdminPage, TokenPackagesAdminPage } from './SitePages';

const sections = [
  { key: 'dashboard', icon: <DashboardOutlined aria-hidden />, label: <Link to="/admin/dashboard">Dashboard</Link> },
  { key: 'settings', icon: <SettingOutlined aria-hidden />, label: <Link to="/admin/settings">Settings</Link> },
  { key: 'fans', icon: <TeamOutlined aria-hidden />, label: <Link to="/admin/fans">Fans</Link> },
  { key: 'creators', icon: <VideoCameraOutlined aria-hidden />, label: <Link to="/admin/creators">Creators</Link> },
  { key: 'pages', icon: <FileTextOutlined aria-hidden />, label: <Link to="/admin/pages">Pages</Link> },
  { key: 'promos', icon: <NotificationOutlined aria-hidden />, label: <Link to="/admin/promos">Site promos</Link> },
  { key: 'reports', icon: <FlagOutlined aria-hidden />, label: <Link to="/admin/reports">Reports</Link> },
  { key: 'email-templates', icon: <MailOutlined aria-hidden />, label: <Link to="/admin/email-templates">E-mail templates</Link> },
  { key: 'live', icon: <VideoCameraAddOutlined aria-hidden />, label: <Link to="/admin/live">Live sessions</Link> },
  { key: 'token-packages', icon: <DollarOutlined aria-hidden />, label: <Link to="/admin/token-packages">Token packages</Link> },
  { key: 'coupons', icon: <TagOutlined aria-hidden />, label: <Link to="/admin/coupons">Coupons</Link> },
  { key: 'transactions', icon: <CreditCardOutlined aria-hidden />, label: <Link to="/admin/transactions">Transactions</Link> },
  { key: 'wallet-charges', icon: <WalletOutlined aria-hidden />, label: <Link to="/admin/wallet-charges">Wallet charges</Link> },
  { key: 'earnings', icon: <LineChartOutlined aria-hidden />, label: <Link to="/admin/earnings">Earnings</Link> },
  { key: 'payouts', icon: <BankOutlined aria-hidden />, label: <Link to="/admin/payouts">Payouts</Link> },
];
const ordersSection = { key: 'orders', icon: <ShoppingOutlined aria-hidden />, label: <Link to="/admin/orders">Orders</Link> };

/**
 * The sections: a side menu on a wide screen; on a phone a named button above the page opens them
 * in a drawer (antd's zero-width Sider trigger floated over the page's heading there).
 */
function AdminFrame({ section, shopOpen, children }: { section: string; shopOpen: boolean; children: ReactNode }) {
  const wide = Grid.useBreakpoint().md !== false;
  const [open, setOpen] = useState(false);
  const liveOn = useLiveStreamingOn();
  const shown = liveOn ? sections : sections.filter((item) => item.key !== 'live');
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[section]}
      items={shopOpen ? [...shown, ordersSection] : shown}
      onClick={() => setOpen(false)}
      style={{ height: '100%', borderInlineEnd: 0 }}
    />
  );
  if (wide) {
    return (
      <Layout hasSider>
        <Layout.Sider theme="light" width={200}>
          <nav aria-label="Admin sections" style={{ height: '100%' }}>
            {menu}
          </nav>
        </Layout.Sider>
        <AdminContent>{children}</AdminContent>
      </Layout>
    );
  }
  return (
    <Layout>
      <AdminContent>
        <Button icon={<MenuOutlined aria-hidden />} aria-expanded={open} onClick={() => setOpen(true)} style={{ marginBottom: 16 }}>
          Admin sections
        </Button>
        <Drawer title="Admin sections" placement="left" open={open} onClose={() => setOpen(false)} size={260}>
          <nav aria-label="Admin sections">{menu}</nav>
        </Drawer>
        {children}
      </AdminContent>
    </Layout>
  );
}

/** The page's place: the skip link's target. */
function AdminContent({ children }: { children: ReactNode }) {
  return (
    <Layout.Content className="page-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
      {children}
    </Layout.Content>
  );
}

/** The admin area, loaded only when an admin opens /admin. */
export default function AdminApp() {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const user = useAppSelector((state) => state.session.user);
  const ended = useAppSelector((state) => state.session.ended);
  const { pathname, search } = useLocation();
  const shopOpen = useShopOpen();
  if (!loggedIn) return <Navigate to={loginUrlAfter(ended, pathname + search)} replace />;
  if (!user) return <PageLoading />;

  const section = pathname.split('/')[2] ?? 'dashboard';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <SiteHeader />
      {user.isAdmin ? (
        <AdminFrame section={section} shopOpen={shopOpen}>
          <Routes>
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="fans" element={<AccountsPage accountRole="user" />} />
            <Route path="creators" element={<AccountsPage accountRole="performer" />} />
            <Route path="pages" element={<PostsAdminPage />} />
            <Route path="promos" element={<SitePromosAdminPage />} />
            <Route path="token-packages" element={<TokenPackagesAdminPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="email-templates" element={<EmailTemplatesPage />} />
            <Route path="email-templates/:key" element={<EmailTemplateEditorPage />} />
            <Route
              path="live"
              element={
                <LiveStreamingOn>
                  <AdminLiveSessionsPage />
                </LiveStreamingOn>
              }
            />
            <Route path="coupons" element={<CouponsAdminPage />} />
            <Route path="transactions" element={<TransactionsAdminPage />} />
            <Route path="wallet-charges" element={<WalletChargesAdminPage />} />
            <Route path="earnings" element={<EarningsAdminPage />} />
            <Route path="payouts" element={<PayoutsAdminPage />} />
            {shopOpen && <Route path="orders" element={<AdminOrdersPage />} />}
            {shopOpen && <Route path="orders/:id" element={<AdminOrderPage />} />}
            {/* Absolute: relative to a splat match, "settings" made /admin/x/settings, which matched
                the splat again and grew the address without end. */}
            <Route path="*" element={<Navigate to="/admin/settings" replace />} />
          </Routes>
        </AdminFrame>
      ) : (
        <AdminContent>
          <Result
            status="403"
            title={<PageTitle style={{ fontSize: 24 }}>Admins only</PageTitle>}
            subTitle="This area is for the site's administrators."
          />
        </AdminContent>
      )}
      <SiteFooter />
    </Layout>
  );
}
