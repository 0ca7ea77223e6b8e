import 'antd/dist/reset.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { createStore } from './app/store';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers store={createStore()}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
