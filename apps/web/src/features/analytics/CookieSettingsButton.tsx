import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { isAnalyticsFree, openConsentSettings, useConsentSettingsOpen } from './consent';

/**
 * The footer's way back to the analytics choice: shown while the site measures visits (`gaCode`),
 * except on admin pages, which never do. A button, as it opens the banner rather than going anywhere.
 */
export function CookieSettingsButton() {
  const measured = !!usePublicSettingsQuery().data?.gaCode;
  const excluded = isAnalyticsFree(useLocation().pathname);
  const open = useConsentSettingsOpen();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The banner took the focus when it opened; once answered it is gone, and the focus comes back here.
  useEffect(() => {
    if (wasOpen.current && !open && document.activeElement === document.body) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!measured || excluded) return null;
  return (
    <button ref={button} type="button" className="site-footer-button" onClick={openConsentSettings}>
      Cookie settings
    </button>
  );
}
