import { lazy, Suspense, useMemo } from 'react';
import type { RemotePage } from '@tca/contracts';
import { BrowserRouter, Link, Route, Routes } from './router.js';
import { Toaster } from './toaster.js';

interface StandaloneAppProps {
  /** Shown above the page list, e.g. "mf-content". */
  name: string;
  routes: ReadonlyArray<{ path: string; page: RemotePage }>;
}

/**
 * How a remote runs on its own in development (`npm run dev -w mf-content`): its pages under a
 * plain router, without the shell's frame. The composed site never renders this.
 */
export function StandaloneApp({ name, routes }: StandaloneAppProps) {
  const pages = useMemo(() => routes.map(({ path, page }) => ({ path, Page: lazy(() => page.load().then((Page) => ({ default: Page }))) })), [routes]);
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
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Suspense fallback={<p>Loading...</p>}><Page /></Suspense>} />
        ))}
      </Routes>
      <Toaster />
    </BrowserRouter>
  );
}
