// The server's render of the web app's public pages (decision 079): what the API hands the web
// app's server bundle for one page request, and what it gets back. Types and names only: both
// sides load this with no schema.

/** The theme the visitor chose, sent as a cookie so that the server draws the page in it. */
export const THEME_COOKIE = 'limelight-theme';

/** The visitor's time zone (IANA name), so that the server writes times as their clock reads. */
export const ZONE_COOKIE = 'limelight-tz';

/** Text made safe to write into HTML or XML, in an element's content or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON written inside a `<script>` element: `<` escaped, so no text in it can close the element. */
export const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A creator's link-preview card (decision 080): the large image Open Graph and Twitter cards ask for. */
export const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 };

export type ServerRenderRequest = {
  /** Path and query, as asked. */
  url: string;
  /** The request's way to the API: into the process, as the visitor (their cookie, their address). */
  fetch: typeof fetch;
  /** The visitor holds a session (the readable `signed_in` cookie beside the HttpOnly one). */
  signedIn: boolean;
  theme: 'light' | 'dark';
  /** From the zone cookie; UTC when the browser has not said yet (a first visit). */
  timeZone: string;
  /** The site's public address (PUBLIC_URL), for canonical and preview links. */
  origin: string;
};

export type ServerRenderResult = {
  /** What the page answers: 200, or the status of the page's own refusal (404 for a creator not found...). */
  status: number;
  /** The root's HTML. */
  html: string;
  /** What goes in the head: the page's title, description and preview tags, and antd's styles for its HTML. */
  head: string;
  /** The store's state for the browser's store to start from, as JSON ready for a script element (`jsonInScript`). */
  state: string;
  /** Milliseconds spent reading the page's answers from the API, then drawing it (the `Server-Timing` header). */
  timings: { read: number; draw: number };
};

export type ServerRender = {
  /** Whether this page is drawn on the server (public pages, and a member's home); the others answer the app's shell. */
  rendersOnServer: (pathname: string, signedIn: boolean) => boolean;
  /**
   * The page drawn, or undefined when it is the browser's to draw: a member whose account could not
   * be read (a session the server ended), whom the browser's app signs out as it always has.
   */
  render: (request: ServerRenderRequest) => Promise<ServerRenderResult | undefined>;
};
