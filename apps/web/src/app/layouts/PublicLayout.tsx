import { NavLink, Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { Themed } from '../Themed';
import { SiteFooter, SiteLogo } from './SiteHeader';

/** Sign-in and sign-up pages: the logo, one box, the footer; Explore leads back to browsing. */
export function PublicLayout() {
  return (
    <div className="site-layout">
      <SkipLink />
      <header className="site-header">
        <SiteLogo />
        <div className="site-header-actions">
          <ThemeToggle />
          <NavLink to="/explore" className="frame-button">
            Explore
          </NavLink>
        </div>
      </header>
      <main className="page-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="public-box">
          <Themed>
            <Outlet />
          </Themed>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
