import { type ComponentType, isValidElement, type ReactNode, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { LiveStreamingOn } from '../features/live/LiveStreamingOn';
import { discoveryCounts, freeTrialSearch, newCreatorsSearch, profileApi, randomShelfAsk, suggestionPool } from '../features/profile/api';
import { ShopOpen } from '../features/shop/ShopOpen';
import { landingPath } from '../shared/lib/landing';
import { lazyComponent } from '../shared/lib/lazy';
import type { PageStart } from '../shared/lib/store';
import { useAppSelector } from '../shared/lib/store';
import { PageLoading } from '../shared/ui/PageLoading';
import { TakenOver } from '../shared/ui/TakenOver';
import { Guard, type GuardProps } from './guards';
import { BlankLayout } from './layouts/BlankLayout';
import { PrimaryLayout } from './layouts/PrimaryLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { Shell } from './Shell';
import type { AppStore } from './store';
import { Themed } from './Themed';

/** What a page may ask for ahead of its first render: the store, and the opening address's params. */
type PageElement = (() => ReactNode) & { preload: (start: PageStart) => Promise<unknown> };
/** A page's chunk: the page, and what more it asks for at start once its code is in (`preload`). */
type PageModule = { default: ComponentType; preload?: (start: PageStart) => unknown };

/**
 * Every page is its own chunk, so a visitor downloads only the screens they open. `preload` starts
 * that download, and the page's first answer when `prefetch` names it: at start for the address
 * opened (`preloadPage`), so chunk and data come in parallel with the entry's settings and
 * session requests instead of one after another. What only the page's own code knows how to ask
 * (a creator's first posts) it asks in its module's `preload`, once loaded; the server's render
 * waits for both before it draws.
 */
const page = (load: () => Promise<PageModule>, prefetch?: (start: PageStart) => void): PageElement => {
  const Page = lazyComponent(load);
  return Object.assign(
    () => (
      <Suspense fallback={<PageLoading />}>
        <Page />
        <TakenOver />
      </Suspense>
    ),
    {
      preload: (pageStart: PageStart) => {
        prefetch?.(pageStart);
        const signedIn = () => pageStart.store.getState().session.loggedIn;
        const signedInAtStart = signedIn();
        // A session the server ended while the code loaded (its first refusal answered meanwhile):
        // the page's guard sends the user on, and more of its questions would each be refused again.
        return Page.load().then((module) => (signedInAtStart && !signedIn() ? undefined : module.preload?.(pageStart)));
      },
    },
  );
};
const LoginPage = page(() => import('../features/auth/LoginPage'));
const RegisterPage = page(() => import('../features/auth/RegisterPage'));
const RegisterCreatorPage = page(() => import('../features/auth/RegisterCreatorPage'));
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'));
const VerifyEmailPage = page(() => import('../features/auth/OneTimeLinkPage').then((m) => ({ default: m.VerifyEmailPage })));
const ConfirmEmailChangePage = page(() => import('../features/auth/OneTimeLinkPage').then((m) => ({ default: m.ConfirmEmailChangePage })));
const UndoEmailChangePage = page(() => import('../features/auth/OneTimeLinkPage').then((m) => ({ default: m.UndoEmailChangePage })));
const TokenLoginPage = page(() => import('../features/auth/OneTimeLinkPage').then((m) => ({ default: m.TokenLoginPage })));
const GoogleCallbackPage = page(() => import('../features/auth/SocialCallbackPage').then((m) => ({ default: m.GoogleCallbackPage })));
const TwitterCallbackPage = page(() => import('../features/auth/SocialCallbackPage').then((m) => ({ default: m.TwitterCallbackPage })));
const HomePage = page(
  () => import('../features/home/HomePage'),
  ({ store }) => void store.dispatch(profileApi.endpoints.listTopCreators.initiate({ limit: suggestionPool }, { subscribe: false })),
);
/** The creator shelves (top, new, free trial) hold the first screen of the front and explore pages. */
const askShelves = (store: PageStart['store'], count: number) => {
  store.dispatch(profileApi.endpoints.listTopCreators.initiate({ limit: count }, { subscribe: false }));
  store.dispatch(profileApi.endpoints.searchCreators.initiate(newCreatorsSearch(count), { subscribe: false }));
  store.dispatch(profileApi.endpoints.searchCreators.initiate(freeTrialSearch(count), { subscribe: false }));
};
const FrontPage = page(
  () => import('../features/home/FrontPage'),
  ({ store }) => askShelves(store, discoveryCounts.preview),
);
// Explore's last shelf, a few at random, too: drawn on the server with its creators (or left out
// when every one of them is on a shelf above), it does not vanish or move when the page hydrates.
const ExplorePage = page(
  () => import('../features/home/ExplorePage'),
  ({ store }) => {
    askShelves(store, discoveryCounts.shelf);
    store.dispatch(
      profileApi.endpoints.listRandomCreators.initiate({ limit: randomShelfAsk(discoveryCounts.shelf) }, { subscribe: false }),
    );
  },
);
const MessagesPage = page(() => import('../features/messages/MessagesPage'));
const NotificationsPage = page(() => import('../features/notifications/NotificationsPage'));
const NotificationSettingsPage = page(() => import('../features/notifications/NotificationSettingsPage'));
const MassMessagesPage = page(() => import('../features/mass-messages/MassMessagesPage'));
const AccountPage = page(() => import('../features/account/AccountPage'));
const CreatorAccountPage = page(() => import('../features/account/CreatorAccountPage'));
const BankingPage = page(() => import('../features/account/BankingPage'));
const SecurityPage = page(() => import('../features/account/SecurityPage'));
// The creator, as soon as the address is known (the page itself names its cover for preloading).
const ProfilePage = page(
  () => import('../features/profile/ProfilePage'),
  ({ store, params }) => {
    if (params.profileId) store.dispatch(profileApi.endpoints.getCreatorProfile.initiate({ id: params.profileId }, { subscribe: false }));
  },
);
const FollowingPage = page(() => import('../features/profile/PerformerListPage').then((m) => ({ default: m.FollowingPage })));
const BookmarksPage = page(() => import('../features/profile/PerformerListPage').then((m) => ({ default: m.BookmarksPage })));
const FollowersPage = page(() => import('../features/profile/FollowersPage'));
const BlockingPage = page(() => import('../features/blocks/BlockingPage'));
const PostPage = page(() => import('../features/site/PostPage'));
const ContactPage = page(() => import('../features/site/ContactPage'));
const TakedownPage = page(() => import('../features/moderation/TakedownPage'));
const ModerationPage = page(() => import('../features/moderation/ModerationPage'));
const MyFeedsPage = page(() => import('../features/feeds/MyFeedsPage'));
const NewFeedPage = page(() => import('../features/feeds/FeedComposer'));
const EditFeedPage = page(() => import('../features/feeds/FeedComposer').then((m) => ({ default: m.EditFeedPage })));
const FeedPage = page(() => import('../features/feeds/FeedPage'));
const MyVideosPage = page(() => import('../features/videos/MyVideosPage'));
const NewVideoPage = page(() => import('../features/videos/VideoForm'));
const EditVideoPage = page(() => import('../features/videos/VideoForm').then((m) => ({ default: m.EditVideoPage })));
const VideoPage = page(() => import('../features/videos/VideoPage'));
const MyGalleriesPage = page(() => import('../features/galleries/MyGalleriesPage'));
const NewGalleryPage = page(() => import('../features/galleries/GalleryEditor'));
const EditGalleryPage = page(() => import('../features/galleries/GalleryEditor').then((m) => ({ default: m.EditGalleryPage })));
const GalleryPage = page(() => import('../features/galleries/GalleryPage'));
const WalletPage = page(() => import('../features/wallet/WalletPage'));
const PaymentSuccessPage = page(() => import('../features/wallet/PaymentResultPages').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentCancelPage = page(() => import('../features/wallet/PaymentResultPages').then((m) => ({ default: m.PaymentCancelPage })));
const MySubscriptionsPage = page(() =>
  import('../features/subscriptions/SubscriptionPages').then((m) => ({ default: m.MySubscriptionsPage })),
);
const SubscribersPage = page(() => import('../features/subscriptions/SubscriptionPages').then((m) => ({ default: m.SubscribersPage })));
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'));
const EarningsPage = page(() => import('../features/earnings/EarningsPage'));
const PayoutsPage = page(() => import('../features/earnings/PayoutsPage'));
const MyStoriesPage = page(() => import('../features/stories/MyStoriesPage'));
const MyProductsPage = page(() => import('../features/shop/MyProductsPage'));
const NewProductPage = page(() => import('../features/shop/ProductForm'));
const EditProductPage = page(() => import('../features/shop/ProductForm').then((m) => ({ default: m.EditProductPage })));
const ProductPage = page(() => import('../features/shop/ProductPage'));
const SellerOrdersPage = page(() => import('../features/shop/OrderPages').then((m) => ({ default: m.SellerOrdersPage })));
const SellerOrderPage = page(() => import('../features/shop/OrderPages').then((m) => ({ default: m.SellerOrderPage })));
const MyOrdersPage = page(() => import('../features/shop/OrderPages').then((m) => ({ default: m.MyOrdersPage })));
const AddressBookPage = page(() => import('../features/shop/AddressBookPage'));
const MyOrderPage = page(() => import('../features/shop/OrderPages').then((m) => ({ default: m.MyOrderPage })));
const StudioPage = page(() => import('../features/live/StudioPage'));
const LivePage = page(() => import('../features/live/LivePage'));
const PrivateShowPage = page(() => import('../features/live/PrivateShowPage'));
const AdminApp = page(() => import('./AdminArea'));
const NotFoundPage = page(() => import('../shared/ui/NotFoundPage'));

const signedIn = (element: ReactNode) => <Guard auth>{element}</Guard>;
const creatorOnly = (element: ReactNode) => (
  <Guard auth performerOnly>
    {element}
  </Guard>
);
/** The shop's screens exist only while the admin keeps the shop open (`enableProduct`). */
const shop = (element: ReactNode) => <ShopOpen>{element}</ShopOpen>;
/** The live screens exist only while the admin keeps live streaming on (`enableLiveStreaming`). */
const live = (element: ReactNode) => <LiveStreamingOn>{element}</LiveStreamingOn>;

/** `/`: a signed-in user goes to their landing page; a visitor finds the front page. */
function IndexPage() {
  const user = useAppSelector((state) => state.session.user);
  if (!user) return <FrontPage />;
  // A creator with a complete account opens their dashboard from `/` (and the logo); logging in
  // still lands on their own page, as spec 2 says (decision 028).
  if (user.isPerformer && user.email && user.username) return <Navigate to="/creator/dashboard" replace />;
  return <Navigate to={landingPath(user)} replace />;
}
// A signed-in user's landing depends on who they are, known only with their account.
IndexPage.preload = (start: PageStart) => {
  if (!start.store.getState().session.loggedIn) FrontPage.preload(start);
};

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/auth/login', element: <LoginPage /> },
          // The way in for admins while maintenance mode closes every other screen (decision 005).
          { path: '/admin/login', element: <LoginPage /> },
          { path: '/auth/register', element: <RegisterPage /> },
          { path: '/auth/register/creator', element: <RegisterCreatorPage /> },
          { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/auth/reset-password', element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <BlankLayout />,
        children: [
          { path: '/auth/verify-email', element: <VerifyEmailPage /> },
          { path: '/auth/confirm-email-change', element: <ConfirmEmailChangePage /> },
          { path: '/auth/undo-email-change', element: <UndoEmailChangePage /> },
          { path: '/auth/token-login', element: <TokenLoginPage /> },
          { path: '/auth/google/callback', element: <GoogleCallbackPage /> },
          { path: '/auth/twitter/callback', element: <TwitterCallbackPage /> },
        ],
      },
      {
        path: '/admin/*',
        // The admin's screens have no layout around them to give antd's theme.
        element: (
          <Themed>
            <AdminApp />
          </Themed>
        ),
      },
      {
        element: <PrimaryLayout />,
        children: [
          { path: '/', element: <IndexPage /> },
          { path: '/home', element: signedIn(<HomePage />) },
          { path: '/explore', element: <ExplorePage /> },
          { path: '/user/account', element: signedIn(<AccountPage />) },
          { path: '/account/security', element: signedIn(<SecurityPage />) },
          { path: '/user/following', element: signedIn(<FollowingPage />) },
          { path: '/user/bookmarks', element: signedIn(<BookmarksPage />) },
          { path: '/user/wallet', element: signedIn(<WalletPage />) },
          { path: '/payment/success', element: signedIn(<PaymentSuccessPage />) },
          { path: '/payment/cancel', element: signedIn(<PaymentCancelPage />) },
          { path: '/user/subscriptions', element: signedIn(<MySubscriptionsPage />) },
          { path: '/user/blocked', element: signedIn(<BlockingPage />) },
          { path: '/messages', element: signedIn(<MessagesPage />) },
          { path: '/notifications', element: signedIn(<NotificationsPage />) },
          { path: '/notifications/settings', element: signedIn(<NotificationSettingsPage />) },
          { path: '/creator/mass-messages', element: creatorOnly(<MassMessagesPage />) },
          { path: '/creator/subscribers', element: creatorOnly(<SubscribersPage />) },
          { path: '/creator/dashboard', element: creatorOnly(<DashboardPage />) },
          { path: '/creator/earnings', element: creatorOnly(<EarningsPage />) },
          { path: '/creator/payouts', element: creatorOnly(<PayoutsPage />) },
          { path: '/creator/account', element: creatorOnly(<CreatorAccountPage />) },
          { path: '/creator/banking', element: creatorOnly(<BankingPage />) },
          { path: '/creator/followers', element: creatorOnly(<FollowersPage />) },
          { path: '/creator/posts', element: creatorOnly(<MyFeedsPage />) },
          { path: '/creator/posts/new', element: creatorOnly(<NewFeedPage />) },
          { path: '/creator/posts/:id/edit', element: creatorOnly(<EditFeedPage />) },
          { path: '/creator/videos', element: creatorOnly(<MyVideosPage />) },
          { path: '/creator/videos/new', element: creatorOnly(<NewVideoPage />) },
          { path: '/creator/videos/:id/edit', element: creatorOnly(<EditVideoPage />) },
          { path: '/creator/galleries', element: creatorOnly(<MyGalleriesPage />) },
          { path: '/creator/galleries/new', element: creatorOnly(<NewGalleryPage />) },
          { path: '/creator/galleries/:id', element: creatorOnly(<EditGalleryPage />) },
          { path: '/post/:id', element: <FeedPage /> },
          { path: '/video/:id', element: <VideoPage /> },
          { path: '/gallery/:id', element: <GalleryPage /> },
          { path: '/creator/stories', element: creatorOnly(<MyStoriesPage />) },
          { path: '/creator/live', element: creatorOnly(live(<StudioPage />)) },
          { path: '/live/:id', element: live(<LivePage />) },
          { path: '/private-show/:showId', element: signedIn(live(<PrivateShowPage />)) },
          { path: '/creator/products', element: shop(creatorOnly(<MyProductsPage />)) },
          { path: '/creator/products/new', element: shop(creatorOnly(<NewProductPage />)) },
          { path: '/creator/products/:id/edit', element: shop(creatorOnly(<EditProductPage />)) },
          { path: '/creator/orders', element: shop(creatorOnly(<SellerOrdersPage />)) },
          { path: '/creator/orders/:id', element: shop(creatorOnly(<SellerOrderPage />)) },
          { path: '/user/orders', element: shop(signedIn(<MyOrdersPage />)) },
          { path: '/user/addresses', element: shop(signedIn(<AddressBookPage />)) },
          { path: '/user/orders/:id', element: shop(signedIn(<MyOrderPage />)) },
          { path: '/product/:id', element: shop(<ProductPage />) },
          { path: '/page/:id', element: <PostPage /> },
          { path: '/contact', element: <ContactPage /> },
          { path: '/takedown', element: <TakedownPage /> },
          { path: '/moderation', element: signedIn(<ModerationPage />) },
          {
            path: '/:profileId',
            element: (
              <Guard auth noRedirect>
                <ProfilePage />
              </Guard>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Starts the chunk (and first answer) of the page at an address: the one the app opens on, in the
 * browser, and on the server the page it renders. A route's element is the page itself or the page
 * inside its guards (`signedIn(...)`, `shop(...)`), so the page is looked for down the element's
 * children, unless a guard will send the visitor away.
 */
export function preloadPage(store: AppStore, location: { pathname: string }): Promise<unknown>[] {
  const signedIn = store.getState().session.loggedIn;
  const loading: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, location) ?? []) {
    const preloadIn = (node: ReactNode) => {
      if (!isValidElement<GuardProps>(node)) return;
      // A visitor is sent from a signed-in page to log in: nothing of that page to fetch.
      if (node.type === Guard && node.props.auth && !node.props.noRedirect && !signedIn) return;
      const preload = (node.type as Partial<PageElement>).preload;
      if (preload) loading.push(preload({ store, params: match.params }));
      preloadIn(node.props.children);
    };
    preloadIn(match.route.element);
  }
  return loading;
}

/**
 * The pages a visitor arrives at from a link, drawn on the server too (decision 079); the others
 * (sign-in forms, signed-in areas, admin) answer the app's shell and are drawn in the browser: a
 * form drawn before its script could take typing that its script would then drop.
 */
const SERVER_RENDERED = new Set(['/explore', '/:profileId', '/post/:id', '/video/:id', '/gallery/:id', '/product/:id', '/page/:id']);
/** Drawn on the server for visitors only: a member at `/` is sent on, and at a live session joins it (both the browser's to do). */
const SERVER_RENDERED_FOR_VISITORS = new Set(['/', '/live/:id']);
/** Drawn on the server for members only: the fan's landing, where a visitor is sent to log in. */
const SERVER_RENDERED_FOR_MEMBERS = new Set(['/home']);

export function rendersOnServer(pathname: string, signedIn: boolean) {
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  return !!path && (SERVER_RENDERED.has(path) || (signedIn ? SERVER_RENDERED_FOR_MEMBERS : SERVER_RENDERED_FOR_VISITORS).has(path));
}
