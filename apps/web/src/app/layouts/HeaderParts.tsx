import { Link, NavLink } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';

// What both headers show (the plain one of SiteHeader and the navigation of HeaderNav), in a file
// of their own so that neither header imports the other (HeaderNav is loaded by SiteHeader).

/** The header menus the admin configured, in their order. */
export function useHeaderMenus() {
  const { data: settings } = usePublicSettingsQuery();
  return (settings?.menus ?? []).filter((item) => item.section === 'header').sort((a, b) => a.ordering - b.ordering);
}

/** A visitor's way around and in: the creators, logging in, signing up (on a phone too). */
export function VisitorActions() {
  return (
    <>
      <NavLink to="/explore" className="frame-button">
        Explore
      </NavLink>
      <Link to="/auth/login" className="frame-button">
        Log in
      </Link>
      <Link to="/auth/register" className="frame-button frame-button-primary">
        Sign up
      </Link>
    </>
  );
}
