import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from '@tca/contracts';
import { StandaloneApp } from '@tca/ui/standalone';
import { pages } from './app/routes.js';

// Only for running this remote alone in development; the shell never loads this file.
const routes = (Object.keys(pages) as Array<keyof typeof pages>).map((page) => ({ path: paths[page], page: pages[page] }));
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StandaloneApp name="mf-membership" routes={routes} />
    </StrictMode>,
  );
}
