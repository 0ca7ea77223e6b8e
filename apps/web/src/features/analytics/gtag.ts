/**
 * Google's tag (gtag.js) for one GA4 measurement id, loaded only once the visitor accepted, and
 * told of each page the visitor opens (decision 078). Browser-only: called from effects and
 * event handlers.
 */

type Gtag = (...args: unknown[]) => void;
type TagWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag } & Record<`ga-disable-${string}`, boolean | undefined>;

const TAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

let installedId: string | undefined;
let lastPageLocation: string | undefined;

const tagWindow = () => window as unknown as TagWindow;

function gtag(...args: unknown[]) {
  tagWindow().gtag?.(...args);
}

/**
 * Installs the tag once per page and lets it send (an id the admin changes meanwhile applies from
 * the next page load: the old one is stopped, and the tag is not loaded twice).
 * gtag.js reads the queue from `dataLayer`, which must hold each call's `arguments` object itself.
 */
export function startMeasuring(measurementId: string) {
  const w = tagWindow();
  w[`ga-disable-${measurementId}`] = false;
  if (installedId) {
    gtag('consent', 'update', { analytics_storage: 'granted' });
    return;
  }
  installedId = measurementId;
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = function queue() {
    // biome-ignore lint/complexity/noArguments: gtag.js recognises its commands by their arguments object.
    w.dataLayer!.push(arguments);
  };
  gtag('js', new Date());
  // The visitor agreed to measurement, not to advertising: no ad storage, no Google signals.
  gtag('consent', 'default', { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  // Page views are sent by reportPageView, for the first page and each one the router opens.
  gtag('config', measurementId, {
    send_page_view: false,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
    page_location: measuredAddress(window.location.origin, window.location.pathname, window.location.search),
  });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${TAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/** Stops sending (an admin page, a declined choice, the id cleared): gtag's own opt-out switch. */
export function stopMeasuring(measurementId: string) {
  tagWindow()[`ga-disable-${measurementId}`] = true;
  if (installedId) gtag('consent', 'update', { analytics_storage: 'denied' });
}

/** The query parameters that tell where a visit came from (campaign links): the only ones kept. */
const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id'];

/**
 * The address reported for a page: its path and campaign parameters, nothing else of its query and
 * no fragment. One-time links carry their token in the query (password reset, e-mail
 * confirmation, token sign-in), and searches carry the visitor's words.
 */
export function measuredAddress(origin: string, pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams([...query].filter(([name]) => CAMPAIGN_PARAMS.includes(name))).toString();
  return `${origin}${pathname}${kept ? `?${kept}` : ''}`;
}

/**
 * One page_view for a page the router opened, never twice in a row for the same address. The
 * address is also set for the page's later hits, which gtag would otherwise send with
 * `location.href`. The first page's referrer is the document's (the site that linked here).
 */
export function reportPageView(pathname: string, search: string) {
  const pageLocation = measuredAddress(window.location.origin, pathname, search);
  if (!installedId || pageLocation === lastPageLocation) return;
  const page = {
    page_location: pageLocation,
    page_title: document.title,
    ...(lastPageLocation ? { page_referrer: lastPageLocation } : {}),
  };
  lastPageLocation = pageLocation;
  gtag('set', page);
  gtag('event', 'page_view', page);
}

/**
 * The domains a cookie of this host may have been written for: the host and each parent but the
 * last label (gtag writes its cookies on the widest domain it may). None for an address or a
 * single-label host, whose cookies carry no domain.
 */
export function cookieDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/** After a decline, the visitor's analytics cookies (`_ga`, `_ga_<container>`) go. */
export function forgetVisitor() {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name === '_ga' || name.startsWith('_ga_'));
  const scopes = ['', ...cookieDomains(window.location.hostname).map((domain) => `; Domain=${domain}`)];
  for (const name of names) {
    for (const scope of scopes) {
      // biome-ignore lint/suspicious/noDocumentCookie: Firefox has no Cookie Store API; an expired write deletes a cookie everywhere.
      document.cookie = `${name}=; Max-Age=0; Path=/${scope}`;
    }
  }
}
