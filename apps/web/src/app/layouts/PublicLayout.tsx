import { Outlet } from 'react-router';
import { ThemeToggle } from '../../shared/ui/ThemeToggle';
import { Themed } from '../Themed';
import { SiteFooter, SiteLogo } from './SiteHeader';

/** Sign-in and sign-up pages: the logo, one box, the footer. */
export function PublicLayout() {
  return (
    <div className="site-layout">
      <header className="site-header">
        <SiteLogo />
        <div className="site-header-actions">
          <ThemeToggle />
        </div>
      </header>
      <main className="page-content">
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
