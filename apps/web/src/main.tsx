import 'antd/dist/reset.css';
import './styles.css';
import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadHeaderNav } from './app/layouts/SiteHeader';
import { Providers } from './app/providers';
import { preloadPage, routes } from './app/router';
import { requestShellData } from './app/Shell';
import { createStore } from './app/store';
import { loadAntdTheme } from './app/Themed';
import { renderedAnswers } from './shared/lib/api';
import { setNavigator } from './shared/lib/navigation';
import { RENDER_STATE_ID, type RenderedState } from './shared/lib/render-state';

// The page's content security policy forbids eval: zod would otherwise probe `Function('')` at its
// first parse, which the browser reports as a violation (Lighthouse's best practices count it).
// zod keeps its settings (what `z.config` writes) in this global and takes one it finds, so they
// hold from before it loads without bringing zod into the first download (its chunks come later).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// A public page comes drawn by the server with the answers it drew from (decision 079): the store
// starts from them, so the first render matches the HTML, which is then hydrated, not drawn again.
const stateScript = document.getElementById(RENDER_STATE_ID);
const rendered = stateScript?.textContent ? (JSON.parse(stateScript.textContent) as RenderedState) : undefined;
const store = createStore({ preloadedState: rendered?.state });
if (rendered) store.dispatch(renderedAnswers(rendered.answers));
// Focus and reconnect events for the queries that ask to be refetched on them (REFRESH_ON_RETURN).
setupListeners(store.dispatch);
const router = createBrowserRouter(routes);
setNavigator((to, options) => void router.navigate(to, options));
requestShellData(store);
// A chunk that fails to load is retried (and said) when the page renders.
const pageLoading = Promise.allSettled([...preloadPage(store, window.location), loadAntdTheme(), loadHeaderNav()]);

const app = (
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A drawn page hydrates once its chunks are in: a part still loading would hydrate later, and any
// change reaching it meanwhile (the theme, an answer) would make React draw it anew, losing focus.
// (Not as a transition: its boundaries then hydrate one by one, and a change reaching one not yet
// hydrated, the theme or an answer, redraws it, replacing the elements a reader or a test holds.)
if (rendered) void pageLoading.then(() => hydrateRoot(root, app));
else createRoot(root).render(app);

// The document's title is the page's own, as the server writes it in the head (app/page-head.ts: a
// creator's name, a post's first words, else the site's name), as answers come and from page to
// page. Set outside React, once the page is up (the head's code is no part of the first download):
// a render while the page hydrates would make React draw its parts not hydrated yet anew.
void pageLoading
  .then(() => import('./app/page-head'))
  .then(({ pageHead }) => {
    const setTitle = () => {
      const { title } = pageHead(store.getState(), router.state.location.pathname, window.location.origin);
      if (document.title !== title) document.title = title;
    };
    // Once after a burst of changes (a page's answers come in dozens of actions), not at each.
    let scheduled = false;
    const followPage = () => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        scheduled = false;
        setTitle();
      }, 100);
    };
    setTitle();
    store.subscribe(followPage);
    router.subscribe(followPage);
  });
