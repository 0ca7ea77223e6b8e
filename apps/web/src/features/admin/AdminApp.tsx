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
  SafetyOutlined,
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
import { loginUrlAfter } from '../../shared/lib/navigation';
import { useAppSelector } from '../../shared/lib/store';
import { PageLoading } from '../../shared/ui/PageLoading';
import { PageTitle } from '../../shared/ui/PageTitle';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import { useSecondFactorDue } from '../account';
import { LiveStreamingOn, useLiveStreamingOn } from '../live';
import { AdminOrderPage, AdminOrdersPage, useShopOpen } from '../shop';
import { AccountsPage, AdminsPage } from './AccountsPage';
import { AuditPage } from './AuditPage';
import { DashboardPage } from './DashboardPage';
import { EmailTemplateEditorPage, EmailTemplatesPage } from './EmailTemplatesPage';
import { EntitiesPage, kindInfo } from './EntitiesPage';
import { AdminLiveSessionsPage } from './LiveSessionsPage';

import { CouponsAdminPage, EarningsAdminPage, PayoutsAdminPage, TransactionsAdminPage, WalletChargesAdminPage } from './MoneyPages';
import { ReportsPage } from './ReportsPage';
import { SettingsPage } from './SettingsPage';
import { PostsAdminPage, SitePromosAdminPage, TokenPackagesAdminPage } from './SitePages';

/**
 * One entry of the admin's sections: its address under /admin, its menu line, and its page (an
 * entity kind has none of its own: the `content/:kind` and `records/:kind` routes serve them).
 */
type Section = { path: string; label: string; icon: ReactNode; page?: ReactNode; inMenu?: boolean };
const section = (path: string, label: string, icon: ReactNode, page: ReactNode, inMenu = true): Section => ({
  path,
  label,
  icon,
  page,
  inMenu,
});
const entity = (area: 'content' | 'records', kind: AdminEntityKind, icon: ReactNode): Section => ({
  path: `${area}/${kind}`,
  label: kindInfo[kind].title,
  icon,
});

/**
 * The menu's groups (issue 27): Content, People, Money, Moderation, Site, Audit. Both the menu and
 * the routes are made from it, so a section and its switch (the shop, live streaming) are named once.
 */
function sectionGroups(options: { liveOn: boolean; shopOpen: boolean }): Array<{ key: string; label: string; sections: Section[] }> {
  const shop = <T,>(entries: T[]) => (options.shopOpen ? entries : []);
  return [
    {
      key: 'overview',
      label: 'Overview',
      sections: [section('dashboard', 'Dashboard', <DashboardOutlined aria-hidden />, <DashboardPage />)],
    },
    {
      key: 'content',
      label: 'Content',
      sections: [
        entity('content', 'posts', <FileTextOutlined aria-hidden />),
        entity('content', 'videos', <VideoCameraOutlined aria-hidden />),
        entity('content', 'galleries', <PictureOutlined aria-hidden />),
        entity('content', 'photos', <PictureOutlined aria-hidden />),
        ...shop([entity('content', 'products', <ShoppingOutlined aria-hidden />)]),
        entity('content', 'stories', <HistoryOutlined aria-hidden />),
        entity('content', 'comments', <CommentOutlined aria-hidden />),
        entity('content', 'live-sessions', <VideoCameraAddOutlined aria-hidden />),
        entity('content', 'chat-lines', <MessageOutlined aria-hidden />),
        // The page says so itself when live streaming is off; the menu only lists it when on.
        section(
          'live',
          'Live now',
          <VideoCameraAddOutlined aria-hidden />,
          <LiveStreamingOn>
            <AdminLiveSessionsPage />
          </LiveStreamingOn>,
          options.liveOn,
        ),
      ],
    },
    {
      key: 'people',
      label: 'People',
      sections: [
        section('fans', 'Fans', <TeamOutlined aria-hidden />, <AccountsPage accountRole="user" />),
        section('creators', 'Creators', <VideoCameraOutlined aria-hidden />, <AccountsPage accountRole="performer" />),
        section('admins', 'Admins', <SafetyOutlined aria-hidden />, <AdminsPage />),
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
      sections: [
        section('transactions', 'Transactions', <CreditCardOutlined aria-hidden />, <TransactionsAdminPage />),
        section('wallet-charges', 'Wallet charges', <WalletOutlined aria-hidden />, <WalletChargesAdminPage />),
        section('earnings', 'Earnings', <LineChartOutlined aria-hidden />, <EarningsAdminPage />),
        section('payouts', 'Payouts', <BankOutlined aria-hidden />, <PayoutsAdminPage />),
        ...shop([section('orders', 'Orders', <ShoppingOutlined aria-hidden />, <AdminOrdersPage />)]),
        section('token-packages', 'Token packages', <DollarOutlined aria-hidden />, <TokenPackagesAdminPage />),
        section('coupons', 'Coupons', <TagOutlined aria-hidden />, <CouponsAdminPage />),
      ],
    },
    {
      key: 'moderation',
      label: 'Moderation',
      sections: [section('reports', 'Reports', <FlagOutlined aria-hidden />, <ReportsPage />)],
    },
    {
      key: 'site',
      label: 'Site',
      sections: [
        section('settings', 'Settings', <SettingOutlined aria-hidden />, <SettingsPage />),
        section('pages', 'Pages', <FileTextOutlined aria-hidden />, <PostsAdminPage />),
        section('promos', 'Site promos', <NotificationOutlined aria-hidden />, <SitePromosAdminPage />),
        section('email-templates', 'E-mail templates', <MailOutlined aria-hidden />, <EmailTemplatesPage />),
        entity('records', 'search-keywords', <SearchOutlined aria-hidden />),
      ],
    },
    { key: 'audit', label: 'Audit', sections: [section('audit', 'Audit trail', <AuditOutlined aria-hidden />, <AuditPage />)] },
  ];
}

type Groups = ReturnType<typeof sectionGroups>;

const menuItems = (groups: Groups) =>
  groups.map(({ key, label, sections }) => ({
    type: 'group' as const,
    key,
    label,
    children: sections
      .filter((entry) => entry.inMenu !== false)
      .map((entry) => ({ key: entry.path, icon: entry.icon, label: <Link to={`/admin/${entry.path}`}>{entry.label}</Link> })),
  }));

/**
 * The sections: a side menu on a wide screen; on a phone a named button above the page opens them
 * in a drawer (antd's zero-width Sider trigger floated over the page's heading there).
 */
function AdminFrame({ current, groups, children }: { current: string; groups: Groups; children: ReactNode }) {
  const wide = Grid.useBreakpoint().md !== false;
  const [open, setOpen] = useState(false);
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[current]}
      items={menuItems(groups)}
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
/** The admin's area under /admin; `header` and `footer` are the site's, handed in by the app's router. */
export default function AdminApp({ header, footer }: { header: ReactNode; footer: ReactNode }) {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const user = useAppSelector((state) => state.session.user);
  const ended = useAppSelector((state) => state.session.ended);
  const { pathname, search } = useLocation();
  const shopOpen = useShopOpen();
  const liveOn = useLiveStreamingOn();
  // Known before a section asks for anything: an admin still without a second factor is refused all of it.
  const secondFactorDue = useSecondFactorDue(!!user?.isAdmin);
  if (!loggedIn) return <Navigate to={loginUrlAfter(ended, pathname + search)} replace />;
  if (!user || secondFactorDue === undefined) return <PageLoading />;
  if (secondFactorDue) return <Navigate to="/account/security" replace />;

  const [, , first = 'dashboard', second] = pathname.split('/');
  const current = first === 'content' || first === 'records' ? `${first}/${second}` : first;
  const groups = sectionGroups({ liveOn, shopOpen });
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {header}
      {user.isAdmin ? (
        <AdminFrame current={current} groups={groups}>
          <Routes>
            <Route index element={<Navigate to="dashboard" replace />} />
            {groups.flatMap(({ sections }) =>
              sections.flatMap((entry) => (entry.page ? [<Route key={entry.path} path={entry.path} element={entry.page} />] : [])),
            )}
            <Route path="content/:kind" element={<EntitiesPage />} />
            <Route path="records/:kind" element={<EntitiesPage />} />
            <Route path="email-templates/:key" element={<EmailTemplateEditorPage />} />
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
      {footer}
    </Layout>
  );
}
