import { Link } from 'react-router';
import { CookieSettingsButton } from '../../features/analytics';
import { LegalLink } from '../../features/site/TermsLink';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { lazyComponent } from '../../shared/lib/lazy';
import { useAppSelector } from '../../shared/lib/store';
import { isSignedIn } from '../../shared/lib/token';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { Themed } from '../Themed';
import { useHeaderMenus, VisitorActions } from './HeaderParts';
import { ImpersonationBanner } from './ImpersonationBanner';

const HeaderNav = lazyComponent(() => import('./HeaderNav'));
/** The signed-in header's code: its download starts with the entry, beside the page's, and a page the server drew waits for it. */
export const loadHeaderNav = () => (isSignedIn() ? HeaderNav.load() : Promise.resolve());
void loadHeaderNav();

export function SiteLogo() {
  const { data: settings } = usePublicSettingsQuery();
  const theme = useAppSelector((state) => state.preferences.theme);
  const logo = theme === 'dark' && settings?.darkmodeLogoUrl ? settings.darkmodeLogoUrl : settings?.logoUrl;
  const siteName = settings?.siteName ?? 'Limelight';
  return (
    <Link to="/" className="site-logo" aria-label={`${siteName} home`}>
      {logo ? <img src={logo} alt={siteName} height={32} /> : <img src="/logo.svg" alt="" width={28} height={28} />}
      {!logo && <span data-testid="site-name">{siteName}</span>}
    </Link>
  );
}

/**
 * A visitor on a site without header menus gets the plain header: logo, theme, explore, log in and sign up.
 * Anyone signed in, or any configured menu, brings the antd navigation (HeaderNav), loaded beside
 * the page; the logo holds the header's place meanwhile.
 */
export function SiteHeader() {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const menus = useHeaderMenus();
  return (
    <>
      <ImpersonationBanner />
      <header className="site-header">
        <SiteLogo />
        {loggedIn || menus.length ? (
          <Themed fallback={null}>
            <HeaderNav />
          </Themed>
        ) : (
          <div className="site-header-actions">
            <ThemeToggle />
            <VisitorActions />
          </div>
        )}
      </header>
    </>
  );
}

export function SiteFooter() {
  const { data: settings } = usePublicSettingsQuery();
  const menus = (settings?.menus ?? []).filter((item) => item.section === 'footer').sort((a, b) => a.ordering - b.ordering);
  return (
    <footer className="site-footer">
      <nav aria-label="Footer" className="site-footer-links">
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
        <LegalLink slug="terms" />
        <LegalLink slug="privacy" />
        <Link to="/contact">Contact</Link>
        <Link to="/takedown">Report content (no account)</Link>
        <CookieSettingsButton />
      </nav>
      {/* Footer content is shown as text: an admin's markup never runs in visitors' browsers. */}
      <p className="site-footer-text">{settings?.footerContent || `© ${new Date().getFullYear()} ${settings?.siteName ?? 'Limelight'}`}</p>
    </footer>
  );
}
