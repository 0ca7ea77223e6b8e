import './consent-banner.css';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { LegalLink } from '../site';
import { type ConsentChoice, closeConsentSettings, storeChoice, storedChoice, useConsentSettingsOpen } from './consent';
import { forgetVisitor, reportPageView, startMeasuring, stopMeasuring } from './gtag';

type Props = { measurementId: string; excluded: boolean };

const PAGE_SETTLE_MS = 1000;

/**
 * Asks the visitor once, and measures only what they accepted: the tag loads after "Accept
 * analytics", each page the router opens is reported, and nothing is sent on admin pages
 * (`excluded`) or after "Decline" (decision 078).
 */
export default function AnalyticsTag({ measurementId, excluded }: Props) {
  const settingsOpen = useConsentSettingsOpen();
  // undefined until read from storage (in an effect: this may render on a server).
  const [choice, setChoice] = useState<ConsentChoice | null>();
  useEffect(() => setChoice(storedChoice()), []);
  const measuring = choice === 'granted' && !excluded;
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!measuring) return;
    startMeasuring(measurementId);
    return () => stopMeasuring(measurementId);
  }, [measuring, measurementId]);
  // A page counts once it has stayed a moment: a redirect (`/admin` to its dashboard, a guard sending
  // a visitor to sign in) reports only where it lands, and the page has set its title by then.
  useEffect(() => {
    if (!measuring) return;
    const timer = setTimeout(() => reportPageView(pathname, search), PAGE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [measuring, pathname, search]);

  const choose = (next: ConsentChoice) => {
    storeChoice(next);
    setChoice(next);
    if (next === 'denied') forgetVisitor();
    closeConsentSettings();
  };
  const asking = !excluded && choice !== undefined && (choice === null || settingsOpen);
  return asking ? <ConsentBanner current={choice} takeFocus={settingsOpen} onChoose={choose} /> : null;
}

/**
 * Small, at the bottom of the window and in the page's flow after the footer (sticky), so
 * scrolling down always uncovers what it sits over. It takes the focus only when the visitor
 * opened it (Cookie settings), not when it appears by itself.
 */
function ConsentBanner({
  current,
  takeFocus,
  onChoose,
}: {
  current: ConsentChoice | null;
  takeFocus: boolean;
  onChoose: (choice: ConsentChoice) => void;
}) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocus) region.current?.focus();
  }, [takeFocus]);
  return (
    <section ref={region} className="consent-banner" aria-labelledby="consent-banner-title" tabIndex={-1}>
      <p className="consent-banner-text">
        <strong id="consent-banner-title">Analytics cookies</strong> We would like to count visits with Google Analytics, which sets
        cookies. Nothing is sent to Google unless you accept. {current && <>You have {current === 'granted' ? 'accepted' : 'declined'}. </>}
        <LegalLink slug="privacy" />
      </p>
      <div className="consent-banner-actions">
        <button type="button" className="frame-button frame-button-primary" onClick={() => onChoose('granted')}>
          Accept analytics
        </button>
        <button type="button" className="frame-button consent-banner-decline" onClick={() => onChoose('denied')}>
          Decline
        </button>
      </div>
    </section>
  );
}
