import { Outlet } from 'react-router';
import { Themed } from '../Themed';
import { SiteFooter, SiteHeader } from './SiteHeader';

/** The default layout: header with navigation, the page, footer. */
export function PrimaryLayout() {
  return (
    <div className="site-layout">
      <SiteHeader />
      <main className="page-content page-fill">
        <Themed>
          <Outlet />
        </Themed>
      </main>
      <SiteFooter />
    </div>
  );
}
