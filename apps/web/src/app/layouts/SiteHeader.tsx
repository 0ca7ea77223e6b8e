import { LogoutOutlined, MenuOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Flex, Layout, Menu, Tag, theme } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/useSessionActions';
import { MessagesLink } from '../../features/messages/MessagesLink';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { usePublicSettingsQuery } from '../../features/settings/api';
import { useShopOpen } from '../../features/shop/ShopOpen';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { useAppSelector } from '../store';

export function SiteLogo() {
  const { data: settings } = usePublicSettingsQuery();
  const theme = useAppSelector((state) => state.preferences.theme);
  const logo = theme === 'dark' && settings?.darkmodeLogoUrl ? settings.darkmodeLogoUrl : settings?.logoUrl;
  const siteName = settings?.siteName ?? 'Limelight';
  return (
    <Link to="/" className="site-logo" aria-label={`${siteName} home`}>
      {logo ? <img src={logo} alt={siteName} height={32} /> : <img src="/logo.svg" alt="" height={28} />}
      {!logo && <span data-testid="site-name">{siteName}</span>}
    </Link>
  );
}

/** A nav entry: its key is its path, so the page open marks it (and the group holding it). */
const link = (path: string, label: string) => ({ key: path, label: <Link to={path}>{label}</Link> });

/** The navigation by role, then the header menus the admin configured. */
function useNavItems() {
  const user = useAppSelector((state) => state.session.user);
  const { data: settings } = usePublicSettingsQuery();
  const shopOpen = useShopOpen();
  const custom = (settings?.menus ?? [])
    .filter((item) => item.section === 'header')
    .sort((a, b) => a.ordering - b.ordering)
    .map((item) => ({
      key: `menu:${item.title}:${item.path}`,
      label: (
        <a href={item.path} target={item.isNewTab ? '_blank' : undefined} rel={item.isNewTab ? 'noreferrer' : undefined}>
          {item.title}
        </a>
      ),
    }));
  if (!user) return custom;
  if (user.isAdmin) return [link('/admin', 'Admin'), ...custom];
  if (user.isPerformer) {
    // Grouped so that every area of a creator's work shows at 1280px instead of folding into "…".
    return [
      ...(user.username ? [link(`/${user.username}`, 'My page')] : []),
      link('/creator/posts', 'Posts'),
      link('/creator/videos', 'Videos'),
      link('/creator/galleries', 'Galleries'),
      link('/creator/stories', 'Stories'),
      ...(shopOpen
        ? [{ key: 'store', label: 'Store', children: [link('/creator/products', 'Products'), link('/creator/orders', 'Orders')] }]
        : []),
      {
        key: 'fans',
        label: 'Fans',
        children: [
          link('/creator/followers', 'Followers'),
          link('/creator/subscribers', 'Subscribers'),
          link('/creator/mass-messages', 'Message your fans'),
          link('/user/blocked', 'Blocked users'),
        ],
      },
      {
        key: 'money',
        label: 'Money',
        children: [link('/creator/earnings', 'Earnings'), link('/creator/payouts', 'Payouts'), link('/creator/banking', 'Banking')],
      },
      link('/creator/account', 'Account'),
      ...custom,
    ];
  }
  return [
    link('/home', 'Home'),
    link('/user/following', 'Following'),
    link('/user/subscriptions', 'Subscriptions'),
    link('/user/bookmarks', 'Bookmarks'),
    link('/user/wallet', 'Wallet'),
    ...(shopOpen ? [link('/user/orders', 'Orders')] : []),
    link('/user/account', 'Account'),
    link('/user/blocked', 'Blocked users'),
    ...custom,
  ];
}

export function SiteHeader() {
  const user = useAppSelector((state) => state.session.user);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const logout = useLogout();
  const { pathname } = useLocation();
  const items = useNavItems();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const socketStatus = useAppSelector((state) => state.socket.status);
  const { token } = theme.useToken();

  return (
    <Layout.Header className="site-header">
      <Flex align="center" gap={16} style={{ height: '100%', width: '100%' }}>
        <SiteLogo />
        <Menu
          className="site-nav"
          mode="horizontal"
          selectedKeys={[pathname]}
          items={items}
          style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none' }}
        />
        <Flex align="center" gap={8} style={{ marginLeft: 'auto' }}>
          {(socketStatus === 'reconnecting' || socketStatus === 'failed') && (
            <Tag color="warning" role="status">
              {socketStatus === 'failed' ? 'Offline' : 'Reconnecting…'}
            </Tag>
          )}
          <ThemeToggle />
          {loggedIn && user && !user.isAdmin && <MessagesLink />}
          {loggedIn && user && !user.isAdmin && <NotificationBell />}
          {loggedIn && user && !user.isAdmin && (
            <Link
              to={user.isPerformer ? '/creator/earnings' : '/user/wallet'}
              aria-label={user.isPerformer ? 'Earnings available' : 'Wallet balance'}
            >
              <Tag icon={<WalletOutlined />} color="green" data-testid="header-balance" style={{ marginInlineEnd: 0 }}>
                {user.balance.toFixed(2)}
              </Tag>
            </Link>
          )}
          {loggedIn && user ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'who',
                    label: <span style={{ color: token.colorTextSecondary }}>@{user.username ?? user.email}</span>,
                    disabled: true,
                  },
                  { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', onClick: () => void logout() },
                ],
              }}
            >
              <Button
                type="text"
                aria-label="Account menu"
                data-testid="account-menu"
                // The button's label names it; the picture beside the name says nothing more.
                icon={<Avatar size="small" src={user.avatar} icon={<UserOutlined />} alt="" />}
              >
                <span className="hide-on-phone">{user.name || user.username}</span>
              </Button>
            </Dropdown>
          ) : (
            <>
              <Link to="/auth/login">
                <Button type="text">Log in</Button>
              </Link>
              <Link to="/auth/register" className="hide-on-phone">
                <Button type="primary">Sign up</Button>
              </Link>
            </>
          )}
          {items.length > 0 && (
            <Button
              className="show-on-phone"
              type="text"
              aria-label="Open menu"
              icon={<MenuOutlined />}
              onClick={() => setDrawerOpen(true)}
            />
          )}
        </Flex>
      </Flex>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="right" size={260} title="Menu">
        {/* Inline, with every group open: a phone has no room for menus popping out sideways. */}
        <Menu
          mode="inline"
          selectedKeys={[pathname]}
          defaultOpenKeys={items.flatMap((item) => ('children' in item ? [item.key] : []))}
          items={items}
          onClick={() => setDrawerOpen(false)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Drawer>
    </Layout.Header>
  );
}

export function SiteFooter() {
  const { data: settings } = usePublicSettingsQuery();
  const { token } = theme.useToken();
  const menus = (settings?.menus ?? []).filter((item) => item.section === 'footer').sort((a, b) => a.ordering - b.ordering);
  return (
    <Layout.Footer className="site-footer">
      <nav aria-label="Footer">
        <Flex gap={16} wrap justify="center">
          {menus.map((item) => (
            <a
              key={`${item.title}${item.path}`}
              href={item.path}
              target={item.isNewTab ? '_blank' : undefined}
              rel={item.isNewTab ? 'noreferrer' : undefined}
            >
              {item.title}
            </a>
          ))}
          <Link to="/contact">Contact</Link>
        </Flex>
      </nav>
      {/* Footer content is shown as text: an admin's markup never runs in visitors' browsers. A plain
          paragraph in the theme's secondary colour: antd's Typography would bring its editor along. */}
      <p style={{ whiteSpace: 'pre-line', margin: '8px 0 0', color: token.colorTextSecondary }}>
        {settings?.footerContent || `© ${new Date().getFullYear()} ${settings?.siteName ?? 'Limelight'}`}
      </p>
    </Layout.Footer>
  );
}
