import {
  BankOutlined,
  CreditCardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FlagOutlined,
  LineChartOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagOutlined,
  TeamOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Layout, Menu, Result } from 'antd';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { SiteFooter, SiteHeader } from '../../app/layouts/SiteHeader';
import { useAppSelector } from '../../app/store';
import { loginUrlAfter } from '../../shared/lib/navigation';
import { PageLoading } from '../../shared/ui/PageLoading';
import { AdminLiveSessionsPage } from '../live/AdminLiveSessionsPage';
import { AdminOrderPage, AdminOrdersPage } from '../shop/OrderPages';
import { useShopOpen } from '../shop/ShopOpen';
import { AccountsPage } from './AccountsPage';
import { CouponsAdminPage, EarningsAdminPage, PayoutsAdminPage, TransactionsAdminPage, WalletChargesAdminPage } from './MoneyPages';
import { ReportsPage } from './ReportsPage';
import { SettingsPage } from './SettingsPage';
import { PostsAdminPage, SitePromosAdminPage, TokenPackagesAdminPage } from './SitePages';

const sections = [
  { key: 'settings', icon: <SettingOutlined />, label: <Link to="/admin/settings">Settings</Link> },
  { key: 'fans', icon: <TeamOutlined />, label: <Link to="/admin/fans">Fans</Link> },
  { key: 'creators', icon: <VideoCameraOutlined />, label: <Link to="/admin/creators">Creators</Link> },
  { key: 'pages', icon: <FileTextOutlined />, label: <Link to="/admin/pages">Pages</Link> },
  { key: 'promos', icon: <NotificationOutlined />, label: <Link to="/admin/promos">Site promos</Link> },
  { key: 'reports', icon: <FlagOutlined />, label: <Link to="/admin/reports">Reports</Link> },
  { key: 'live', icon: <VideoCameraAddOutlined />, label: <Link to="/admin/live">Live sessions</Link> },
  { key: 'token-packages', icon: <DollarOutlined />, label: <Link to="/admin/token-packages">Token packages</Link> },
  { key: 'coupons', icon: <TagOutlined />, label: <Link to="/admin/coupons">Coupons</Link> },
  { key: 'transactions', icon: <CreditCardOutlined />, label: <Link to="/admin/transactions">Transactions</Link> },
  { key: 'wallet-charges', icon: <WalletOutlined />, label: <Link to="/admin/wallet-charges">Wallet charges</Link> },
  { key: 'earnings', icon: <LineChartOutlined />, label: <Link to="/admin/earnings">Earnings</Link> },
  { key: 'payouts', icon: <BankOutlined />, label: <Link to="/admin/payouts">Payouts</Link> },
];
const ordersSection = { key: 'orders', icon: <ShoppingOutlined />, label: <Link to="/admin/orders">Orders</Link> };

/** The admin area, loaded only when an admin opens /admin. */
export default function AdminApp() {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const user = useAppSelector((state) => state.session.user);
  const ended = useAppSelector((state) => state.session.ended);
  const { pathname, search } = useLocation();
  const shopOpen = useShopOpen();
  if (!loggedIn) return <Navigate to={loginUrlAfter(ended, pathname + search)} replace />;
  if (!user) return <PageLoading />;

  const section = pathname.split('/')[2] ?? 'settings';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SiteHeader />
      {user.isAdmin ? (
        <Layout>
          <Layout.Sider breakpoint="md" collapsedWidth={0} theme="light" width={200}>
            <Menu
              mode="inline"
              selectedKeys={[section]}
              items={shopOpen ? [...sections, ordersSection] : sections}
              style={{ height: '100%' }}
            />
          </Layout.Sider>
          <Layout.Content className="page-content">
            <Routes>
              <Route index element={<Navigate to="settings" replace />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="fans" element={<AccountsPage accountRole="user" />} />
              <Route path="creators" element={<AccountsPage accountRole="performer" />} />
              <Route path="pages" element={<PostsAdminPage />} />
              <Route path="promos" element={<SitePromosAdminPage />} />
              <Route path="token-packages" element={<TokenPackagesAdminPage />} />
              <Route path="reports" element={<ReportsPage />} />
              <Route path="live" element={<AdminLiveSessionsPage />} />
              <Route path="coupons" element={<CouponsAdminPage />} />
              <Route path="transactions" element={<TransactionsAdminPage />} />
              <Route path="wallet-charges" element={<WalletChargesAdminPage />} />
              <Route path="earnings" element={<EarningsAdminPage />} />
              <Route path="payouts" element={<PayoutsAdminPage />} />
              {shopOpen && <Route path="orders" element={<AdminOrdersPage />} />}
              {shopOpen && <Route path="orders/:id" element={<AdminOrderPage />} />}
              <Route path="*" element={<Navigate to="settings" replace />} />
            </Routes>
          </Layout.Content>
        </Layout>
      ) : (
        <Result status="403" title="Admins only" subTitle="This area is for the site's administrators." />
      )}
      <SiteFooter />
    </Layout>
  );
}
