import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { jsonInScript, type ServerRender, type ServerRenderRequest, type ServerRenderResult } from '@limelight/contracts/constants';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { headTags, pageHead } from './app/page-head';
import { Providers } from './app/providers';
import { preloadPage, rendersOnServer, routes } from './app/router';
import { requestShellData } from './app/Shell';
import { createStore } from './app/store';
import { currentUserApi } from './features/auth/api';
import { settingsApi } from './shared/api/settings';
import { api, serverBaseQuery } from './shared/lib/api';
import type { RenderedState } from './shared/lib/render-state';
import { userLoaded } from './shared/lib/session';
import type { RootState } from './shared/lib/store';

const handler = createStaticHandler(routes);

/** Waits for every answer the store is fetching, and for those their answers asked for in turn. */
async function settle(store: ReturnType<typeof createStore>) {
  for (let round = 0; round < 4; round++) {
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (!running.length) return;
    await Promise.all(running);
  }
}

/**
 * Renders a page as the browser's first render would draw it with the same answers: the store
 * asks what the Shell and the page ask at start (requestShellData, the route's preload), the tree
 * renders once they are in, and the state goes into the page so the browser hydrates the same.
 */
async function render(request: ServerRenderRequest): Promise<ServerRenderResult | undefined> {
  const started = performance.now();
  const store = createStore({
    extra: { serverQuery: serverBaseQuery(request.fetch) },
    preloadedState: {
      session: { loggedIn: request.signedIn, user: null, ended: null },
      preferences: { theme: request.theme, volume: null, renderedZone: request.timeZone },
    },
  });
  const url = new URL(request.url, 'http://render.invalid');
  requestShellData(store);
  await Promise.all(preloadPage(store, url));
  await settle(store);
  // The signed-in account, as the Shell would take it in after its first render: drawn with it, so
  // that the browser's state starts with it too and nothing changes as the page hydrates (a change
  // reaching a part not hydrated yet would make React draw it anew). A member whose account did not
  // load (a session the server ended) gets the app's shell: the browser signs them out, as it did.
  const me = currentUserApi.endpoints.getCurrentUser.select()(store.getState()).data;
  if (request.signedIn && !me) return undefined;
  if (me) store.dispatch(userLoaded(me));

  const read = performance.now() - started;

  const state = store.getState();
  const { api: answers, session, preferences, follow } = state;
  const page = request.signedIn ? await draw(store, url, request.origin) : await drawnFor(request, store, url);
  return {
    status: pageStatus(answers.queries),
    ...page,
    state: jsonInScript({ answers: { api: answers }, state: { session, preferences, follow } } satisfies RenderedState),
    timings: { read, draw: performance.now() - started - read },
  };
}

/**
 * Pages drawn lately, by what they were drawn from. Every request reads its answers from the API,
 * so every rule (blocks, countries, what a visitor may see) is decided afresh; only the drawing
 * (React's render, antd's styles, the head) is kept, for a request whose answers are the same as
 * an earlier one's: a creator's page asked by many visitors is drawn once a minute. The state
 * written into the page is this request's own.
 */
const drawn = new Map<string, Drawing>();
type Drawing = { html: string; head: string };
/** About 10 to 20 MB of HTML at most (a creator's page draws 100 to 200 KB). */
const DRAWINGS_KEPT = 100;

/** A visitor's page: drawn again only when its answers differ from an earlier visitor's (a member's page is theirs alone). */
async function drawnFor(request: ServerRenderRequest, store: ReturnType<typeof createStore>, url: URL) {
  const key = drawingKey(request, store.getState());
  let page = drawn.get(key);
  if (page) {
    // Used again: kept as the latest, so the pages asked most stay.
    drawn.delete(key);
  } else {
    page = await draw(store, url, request.origin);
    if (drawn.size >= DRAWINGS_KEPT) drawn.delete(drawn.keys().next().value!);
  }
  drawn.set(key, page);
  return page;
}

/**
 * What a drawing depends on: the address, the visitor's theme, zone and standing, the answers'
 * data (not when they were fetched), and the minute, since times are written relative to today.
 */
function drawingKey(request: ServerRenderRequest, state: RootState) {
  const answers = Object.entries(state.api.queries).map(([key, query]) => [key, query?.status, query?.data, query?.error]);
  const minute = Math.floor(Date.now() / 60_000);
  return createHash('sha256')
    .update(JSON.stringify([request.url, request.origin, minute, answers, state.session, state.follow, state.preferences]))
    .digest('base64url');
}

/** The page's HTML and head, drawn from the store's answers as the browser's first render draws them. */
async function draw(store: ReturnType<typeof createStore>, url: URL, origin: string): Promise<Drawing> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('Routes have no loaders: a static query answered a Response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache();
  const html = await renderToString(
    <StrictMode>
      <StyleProvider cache={cache}>
        <Providers store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StyleProvider>
    </StrictMode>,
  );
  const state = store.getState();
  const siteName = settingsApi.endpoints.getPublicSettings.select()(state).data?.siteName ?? 'Limelight';
  return { html, head: headTags(pageHead(state, url.pathname, origin), siteName) + onceEach(extractStyle(cache)) };
}

/**
 * The extracted styles with each repeated one written once: the header, the page and the toasts
 * each hold a ConfigProvider with the same theme, and each registers the theme's variables (12 KB),
 * which the browser then parsed three times.
 */
function onceEach(styles: string) {
  const seen = new Set<string>();
  return styles.replace(/<style[^>]*>[\s\S]*?<\/style>/g, (style) => (seen.has(style) ? '' : (seen.add(style), style)));
}

/**
 * The page's answer when one of its reads was refused or found nothing (a creator not found, a
 * post gone): the same status, so search engines and link previews see it. Otherwise 200.
 */
function pageStatus(queries: Record<string, { status: string; error?: unknown } | undefined>) {
  const refusals = Object.values(queries).flatMap((query) => {
    const status = (query?.error as { status?: unknown } | undefined)?.status;
    return query?.status === 'rejected' && typeof status === 'number' && status >= 400 && status < 500 ? [status] : [];
  });
  return refusals.includes(404) ? 404 : (refusals[0] ?? 200);
}

export const serverRender: ServerRender = { rendersOnServer, render };

/** The whole tree, lazy parts loaded (onAllReady): a page's text is in its HTML for readers without script. */
function renderToString(element: React.ReactNode) {
  return new Promise<string>((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // Written whole where it stands: a long part would otherwise come apart, hidden, for a
      // script to move into place, and a reader without script (or a link preview) would not see it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return reject(failed);
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error;
      },
    });
  });
}
