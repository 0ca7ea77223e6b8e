import { LogoutOutlined, MenuOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Flex, Layout, Menu, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/useSessionActions';
import { usePublicSettingsQuery } from '../../features/settings/api';
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

/** The navigation by role, then the header menus the admin configured. */
function useNavItems() {
  const user = useAppSelector((state) => state.session.user);
  const { data: settings } = usePublicSettingsQuery();
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
  if (user.isAdmin) return [{ key: '/admin', label: <Link to="/admin">Admin</Link> }, ...custom];
  if (user.isPerformer) {
    return [
      ...(user.username ? [{ key: `/${user.username}`, label: <Link to={`/${user.username}`}>My page</Link> }] : []),
      { key: '/creator/posts', label: <Link to="/creator/posts">Posts</Link> },
      { key: '/creator/videos', label: <Link to="/creator/videos">Videos</Link> },
      { key: '/creator/galleries', label: <Link to="/creator/galleries">Galleries</Link> },
      { key: '/creator/stories', label: <Link to="/creator/stories">Stories</Link> },
      { key: '/creator/followers', label: <Link to="/creator/followers">Followers</Link> },
      { key: '/creator/subscribers', label: <Link to="/creator/subscribers">Subscribers</Link> },
      { key: '/creator/earnings', label: <Link to="/creator/earnings">Earnings</Link> },
      { key: '/creator/payouts', label: <Link to="/creator/payouts">Payouts</Link> },
      { key: '/creator/account', label: <Link to="/creator/account">Account</Link> },
      { key: '/user/blocked', label: <Link to="/user/blocked">Blocking</Link> },
      { key: '/creator/banking', label: <Link to="/creator/banking">Banking</Link> },
      ...custom,
    ];
  }
  return [
    { key: '/home', label: <Link to="/home">Home</Link> },
    { key: '/user/following', label: <Link to="/user/following">Following</Link> },
    { key: '/user/subscriptions', label: <Link to="/user/subscriptions">Subscriptions</Link> },
    { key: '/user/bookmarks', label: <Link to="/user/bookmarks">Bookmarks</Link> },
    { key: '/user/wallet', label: <Link to="/user/wallet">Wallet</Link> },
    { key: '/user/account', label: <Link to="/user/account">Account</Link> },
    { key: '/user/blocked', label: <Link to="/user/blocked">Blocked</Link> },
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
                  { key: 'who', label: <Typography.Text type="secondary">@{user.username ?? user.email}</Typography.Text>, disabled: true },
                  { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', onClick: () => void logout() },
                ],
              }}
            >
              <Button
                type="text"
                aria-label="Account menu"
                data-testid="account-menu"
                icon={<Avatar size="small" src={user.avatar} icon={<UserOutlined />} />}
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
        <Menu
          mode="vertical"
          selectedKeys={[pathname]}
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
      {/* Footer content is shown as text: an admin's markup never runs in visitors' browsers. */}
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line', margin: '8px 0 0' }}>
        {settings?.footerContent || `© ${new Date().getFullYear()} ${settings?.siteName ?? 'Limelight'}`}
      </Typography.Paragraph>
    </Layout.Footer>
  );
}
