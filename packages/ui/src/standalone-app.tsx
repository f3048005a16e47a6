import type { ComponentType } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TOAST_DEFAULTS } from './notify.js';

interface StandaloneAppProps {
  /** Shown above the page list, e.g. "mf-content". */
  name: string;
  routes: ReadonlyArray<{ path: string; Page: ComponentType }>;
}

/**
 * How a remote runs on its own in development (`npm run dev -w mf-content`): its pages under a
 * plain router, without the shell's frame. The composed site never renders this.
 */
export function StandaloneApp({ name, routes }: StandaloneAppProps) {
  return (
    <BrowserRouter>
      <nav aria-label={`${name} pages`} style={{ padding: '0.75rem 1.25rem', borderBottom: '1px solid var(--tca-line)' }}>
        <strong>{name}</strong> (standalone):{' '}
        {routes.map((route) => (
          <Link key={route.path} to={route.path.replace(/:(\w+)/g, 'sample-$1')} style={{ marginRight: '0.75rem' }}>
            {route.path}
          </Link>
        ))}
      </nav>
      <Routes>
        {routes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Routes>
      <ToastContainer {...TOAST_DEFAULTS} />
    </BrowserRouter>
  );
}
