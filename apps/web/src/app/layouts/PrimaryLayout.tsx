import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import { Themed } from '../Themed';
import { SiteFooter, SiteHeader } from './SiteHeader';

/** The default layout: header with navigation, the page, footer. */
export function PrimaryLayout() {
  return (
    <div className="site-layout">
      <SkipLink />
      <SiteHeader />
      <main className="page-content page-fill" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Themed>
          <Outlet />
        </Themed>
      </main>
      <SiteFooter />
    </div>
  );
}
