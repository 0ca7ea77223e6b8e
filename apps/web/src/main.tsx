import 'antd/dist/reset.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { preloadMatchedPage, router } from './app/router';
import { requestShellData } from './app/Shell';
import { createStore } from './app/store';

const store = createStore();
requestShellData(store);
preloadMatchedPage(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
