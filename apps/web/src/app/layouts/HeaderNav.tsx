import { BellOutlined, LogoutOutlined, MenuOutlined, SettingOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Menu, Tag, theme } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/useSessionActions';
import { useLiveStreamingOn } from '../../features/live/LiveStreamingOn';
import { MessagesLink } from '../../features/messages/MessagesLink';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useShopOpen } from '../../features/shop/ShopOpen';
import { useOpenedOnce } from '../../shared/hooks/useOpenedOnce';
import { formatTokens } from '../../shared/lib/money';
import { useAppSelector } from '../../shared/lib/store';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { useHeaderMenus, VisitorActions } from './HeaderParts';

/** A nav entry: its key is its path, so the page open marks it (and the group holding it). */
const link = (path: string, label: string) => ({ key: path, label: <Link to={path}>{label}</Link> });

/** The navigation by role, then the header menus the admin configured. */
function useNavItems() {
  const user = useAppSelector((state) => state.session.user);
  const shopOpen = useShopOpen();
  const liveOn = useLiveStreamingOn();
  const inAdmin = useLocation().pathname.startsWith('/admin');
  const custom = useHeaderMenus().map((item) => ({
    key: `menu:${item.title}:${item.path}`,
    label: (
      <a href={item.path} target={item.isNewTab ? '_blank' : undefined} rel={item.isNewTab ? 'noreferrer' : undefined}>
        {item.title}
      </a>
    ),
  }));
  if (!user) return custom;
  // Inside the admin area its own sections are the menu (a second drawer on a phone would repeat it).
  if (user.isAdmin) return inAdmin ? custom : [link('/admin', 'Admin'), ...custom];
  if (user.isPerformer) {
    // Seven entries, each area a group, so a creator reaches any screen in two clicks and nothing
    // folds into antd's "…" at 1280px; the drawer shows the groups open below 1200 px.
    return [
      link('/creator/dashboard', 'Dashboard'),
      ...(user.username ? [link(`/${user.username}`, 'My page')] : []),
      link('/explore', 'Explore'),
      {
        key: 'create',
        label: 'Create',
        children: [
          link('/creator/posts', 'Posts'),
          link('/creator/videos', 'Videos'),
          link('/creator/galleries', 'Galleries'),
          link('/creator/stories', 'Stories'),
          ...(shopOpen ? [link('/creator/products', 'Products')] : []),
          ...(liveOn ? [link('/creator/live', 'Go live')] : []),
        ],
      },
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
        children: [
          link('/creator/earnings', 'Earnings'),
          link('/creator/payouts', 'Payouts'),
          ...(shopOpen ? [link('/creator/orders', 'Orders')] : []),
          link('/creator/banking', 'Banking'),
        ],
      },
      link('/creator/account', 'Account'),
      ...custom,
    ];
  }
  // A fan's own things are one click each; only the account's screens share a group.
  return [
    link('/home', 'Home'),
    link('/explore', 'Explore'),
    link('/user/following', 'Following'),
    link('/user/subscriptions', 'Subscriptions'),
    link('/user/bookmarks', 'Bookmarks'),
    ...(shopOpen ? [link('/user/orders', 'Orders')] : []),
    link('/user/wallet', 'Wallet'),
    {
      key: 'account',
      label: 'Account',
      children: [
        link('/user/account', 'Settings'),
        link('/notifications/settings', 'Notification settings'),
        ...(shopOpen ? [link('/user/addresses', 'Addresses')] : []),
        link('/user/blocked', 'Blocked creators'),
      ],
    },
    ...custom,
  ];
}

/**
 * The header after the logo when there is a menu to show or someone is signed in: the navigation
 * (a drawer below 1200 px), the connection state, the theme toggle, messages, notifications, balance
 * and the account menu. Drawn with antd, so loaded apart from the entry (SiteHeader).
 */
export default function HeaderNav() {
  const user = useAppSelector((state) => state.session.user);
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const logout = useLogout();
  const { pathname } = useLocation();
  const items = useNavItems();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is drawn once first opened: closed, it only cost every page its styles and its menu.
  const drawerDrawn = useOpenedOnce(drawerOpen);
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
            // The name says what the figure is and holds it as shown (WCAG 2.5.3, label in name).
            aria-label={`${user.isPerformer ? 'Earnings available' : 'Wallet balance'}: ${formatTokens(user.balance)}`}
          >
            {/* The app's one token format; a phone keeps the figure and the wallet (the name holds the unit). */}
            <Tag icon={<WalletOutlined aria-hidden />} color="green" style={{ marginInlineEnd: 0 }}>
              <span data-testid="header-balance">{formatTokens(user.balance).split(' ')[0]}</span>
              <span className="hide-on-phone"> {formatTokens(user.balance).split(' ')[1]}</span>
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
                // The admin's own settings are in the admin area.
                ...(user.isAdmin
                  ? []
                  : [
                      {
                        key: 'settings',
                        icon: <SettingOutlined aria-hidden />,
                        label: <Link to={user.isPerformer ? '/creator/account' : '/user/account'}>Account settings</Link>,
                      },
                    ]),
                {
                  key: 'notification-settings',
                  icon: <BellOutlined aria-hidden />,
                  label: <Link to="/notifications/settings">Notification settings</Link>,
                },
                { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Log out', onClick: () => void logout() },
              ],
            }}
          >
            <Button
              type="text"
              // Starts with the name it shows (hidden on a phone, where the label alone names it).
              aria-label={`${user.name || user.username || 'Your account'}, account menu`}
              data-testid="account-menu"
              // The button's label names it; the picture beside the name says nothing more.
              icon={<Avatar size="small" src={user.avatar} icon={<UserOutlined aria-hidden />} alt="" />}
            >
              <span className="hide-on-phone">{user.name || user.username}</span>
            </Button>
          </Dropdown>
        ) : loggedIn ? null : (
          // A held session whose account is still on its way is no visitor: no "Log in" meanwhile.
          <VisitorActions />
        )}
        {items.length > 0 && (
          <Button
            className="nav-menu-button"
            type="text"
            aria-label="Open menu"
            icon={<MenuOutlined aria-hidden />}
            onClick={() => setDrawerOpen(true)}
          />
        )}
      </div>
      {drawerDrawn && (
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
      )}
    </>
  );
}
