import { LogoutOutlined, MenuOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Menu, Tag, theme } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/useSessionActions';
import { MessagesLink } from '../../features/messages/MessagesLink';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useShopOpen } from '../../features/shop/ShopOpen';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { useAppSelector } from '../store';
import { useHeaderMenus, VisitorActions } from './SiteHeader';

/** A nav entry: its key is its path, so the page open marks it (and the group holding it). */
const link = (path: string, label: string) => ({ key: path, label: <Link to={path}>{label}</Link> });

/** The navigation by role, then the header menus the admin configured. */
function useNavItems() {
  const user = useAppSelector((state) => state.session.user);
  const shopOpen = useShopOpen();
  const custom = useHeaderMenus().map((item) => ({
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
      link('/creator/live', 'Go live'),
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

/**
 * The header after the logo when there is a menu to show or someone is signed in: the navigation
 * (a drawer on a phone), the connection state, the theme toggle, messages, notifications, balance
 * and the account menu. Drawn with antd, so loaded apart from the entry (SiteHeader).
 */
export default function HeaderNav() {
  const user = useAppSelector((state) => state.session.user);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const logout = useLogout();
  const { pathname } = useLocation();
  const items = useNavItems();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const socketStatus = useAppSelector((state) => state.socket.status);
  const { token } = theme.useToken();

  return (
    <>
      <Menu
        className="site-nav"
        mode="horizontal"
        selectedKeys={[pathname]}
        items={items}
        style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none', lineHeight: '64px' }}
      />
      <div className="site-header-actions">
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
          <VisitorActions />
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
      </div>
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
    </>
  );
}
