import {
  AuditOutlined,
  BankOutlined,
  CommentOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FlagOutlined,
  HeartOutlined,
  HistoryOutlined,
  HomeOutlined,
  LineChartOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  SearchOutlined,
  SettingOutlined,
  ShoppingOutlined,
  StarOutlined,
  StopOutlined,
  TagOutlined,
  TeamOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { AdminEntityKind } from '@limelight/contracts';
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

import { AuditPage } from './AuditPage';
import { DashboardPage } from './DashboardPage';
import { EmailTemplateEditorPage, EmailTemplatesPage } from './EmailTemplatesPage';
import { EntitiesPage, kindInfo } from './EntitiesPage';

import { CouponsAdminPage, EarningsAdminPage, PayoutsAdminPage, TransactionsAdminPage, WalletChargesAdminPage } from './MoneyPages';
import { ReportsPage } from './ReportsPage';
import { SettingsPage } from './SettingsPage';
import { PostsAdminPage, SitePromosAdminPage, TokenPackagesAdminPage } from './SitePages';

type Item = { key: string; icon?: ReactNode; label: ReactNode };
const item = (key: string, label: string, icon?: ReactNode): Item => ({ key, icon, label: <Link to={`/admin/${key}`}>{label}</Link> });
const entity = (section: 'content' | 'records', kind: AdminEntityKind, icon?: ReactNode) =>
  item(`${section}/${kind}`, kindInfo[kind].title, icon);

/** The menu's groups (issue 27): Content, People, Money, Moderation, Site, Audit. */
function menuGroups(options: { liveOn: boolean; shopOpen: boolean }) {
  const groups: Array<{ key: string; label: string; children: Item[] }> = [
    { key: 'overview', label: 'Overview', children: [item('dashboard', 'Dashboard', <DashboardOutlined aria-hidden />)] },
    {
      key: 'content',
      label: 'Content',
      children: [
        entity('content', 'posts', <FileTextOutlined aria-hidden />),
        entity('content', 'videos', <VideoCameraOutlined aria-hidden />),
        entity('content', 'galleries', <PictureOutlined aria-hidden />),
        entity('content', 'photos', <PictureOutlined aria-hidden />),
        ...(options.shopOpen ? [entity('content', 'products', <ShoppingOutlined aria-hidden />)] : []),
        entity('content', 'stories', <HistoryOutlined aria-hidden />),
        entity('content', 'comments', <CommentOutlined aria-hidden />),
        entity('content', 'live-sessions', <VideoCameraAddOutlined aria-hidden />),
        entity('content', 'chat-lines', <MessageOutlined aria-hidden />),
        ...(options.liveOn ? [item('live', 'Live now', <VideoCameraAddOutlined aria-hidden />)] : []),
      ],
    },
    {
      key: 'people',
      label: 'People',
      children: [
        item('fans', 'Fans', <TeamOutlined aria-hidden />),
        item('creators', 'Creators', <VideoCameraOutlined aria-hidden />),
        entity('records', 'subscriptions', <StarOutlined aria-hidden />),
        entity('records', 'follows', <HeartOutlined aria-hidden />),
        entity('records', 'blocks', <StopOutlined aria-hidden />),
        entity('records', 'conversations', <MessageOutlined aria-hidden />),
        entity('records', 'addresses', <HomeOutlined aria-hidden />),
        entity('records', 'cards', <CreditCardOutlined aria-hidden />),
      ],
    },
    {
      key: 'money',
      label: 'Money',
      children: [
        item('transactions', 'Transactions', <CreditCardOutlined aria-hidden />),
        item('wallet-charges', 'Wallet charges', <WalletOutlined aria-hidden />),
        item('earnings', 'Earnings', <LineChartOutlined aria-hidden />),
        item('payouts', 'Payouts', <BankOutlined aria-hidden />),
        ...(options.shopOpen ? [item('orders', 'Orders', <ShoppingOutlined aria-hidden />)] : []),
        item('token-packages', 'Token packages', <DollarOutlined aria-hidden />),
        item('coupons', 'Coupons', <TagOutlined aria-hidden />),
      ],
    },
    { key: 'moderation', label: 'Moderation', children: [item('reports', 'Reports', <FlagOutlined aria-hidden />)] },
    {
      key: 'site',
      label: 'Site',
      children: [
        item('settings', 'Settings', <SettingOutlined aria-hidden />),
        item('pages', 'Pages', <FileTextOutlined aria-hidden />),
        item('promos', 'Site promos', <NotificationOutlined aria-hidden />),
        item('email-templates', 'E-mail templates', <MailOutlined aria-hidden />),
        entity('records', 'search-keywords', <SearchOutlined aria-hidden />),
      ],
    },
    { key: 'audit', label: 'Audit', children: [item('audit', 'Audit trail', <AuditOutlined aria-hidden />)] },
  ];
  return groups.map((group) => ({ type: 'group' as const, ...group }));
}

/**
 * The sections: a side menu on a wide screen; on a phone a named button above the page opens them
 * in a drawer (antd's zero-width Sider trigger floated over the page's heading there).
 */
function AdminFrame({ section, shopOpen, children }: { section: string; shopOpen: boolean; children: ReactNode }) {
  const wide = Grid.useBreakpoint().md !== false;
  const [open, setOpen] = useState(false);
  const liveOn = useLiveStreamingOn();
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[section]}
      items={menuGroups({ liveOn, shopOpen })}
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

  const [, , first = 'dashboard', second] = pathname.split('/');
  const section = first === 'content' || first === 'records' ? `${first}/${second}` : first;
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
            <Route path="content/:kind" element={<EntitiesPage />} />
            <Route path="records/:kind" element={<EntitiesPage />} />
            <Route path="audit" element={<AuditPage />} />
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
            <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
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
