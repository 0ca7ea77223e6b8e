import 'antd/dist/reset.css';
import './styles.css';
import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { preloadMatchedPage, router } from './app/router';
import { requestShellData } from './app/Shell';
import { createStore } from './app/store';

const store = createStore();
// Focus and reconnect events for the queries that ask to be refetched on them (REFRESH_ON_RETURN).
setupListeners(store.dispatch);
requestShellData(store);
preloadMatchedPage(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
