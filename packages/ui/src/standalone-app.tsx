import { lazy, StrictMode, Suspense, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { paths, type PageId, type RemotePage } from '@tca/contracts';
import { BrowserRouter, Link, Route, Routes } from './router.js';
import { translator, useLang } from '@tca/ui/i18n';
import { standaloneCatalog } from './standalone/messages.js';
import { Spinner } from './spinner.js';
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
  useLang(); // re-renders on a switch
  const t = translator(standaloneCatalog);
  const pages = useMemo(() => routes.map(({ path, page }) => ({ path, Page: lazy(() => page.load().then((Page) => ({ default: Page }))) })), [routes]);
  return (
    <BrowserRouter>
      <nav aria-label={t('pages', { name })} style={{ padding: '0.75rem 1.25rem', borderBottom: '1px solid var(--tca-line)' }}>
        <strong>{name}</strong> (standalone):{' '}
        {routes.map((route) => (
          <Link key={route.path} to={route.path.replace(/:(\w+)/g, 'sample-$1')} style={{ marginRight: '0.75rem' }}>
            {route.path}
          </Link>
        ))}
      </nav>
      <Routes>
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Suspense fallback={<Spinner />}><Page /></Suspense>} />
        ))}
      </Routes>
      <Toaster />
    </BrowserRouter>
  );
}

/**
 * A remote's development bootstrap: renders its pages (its `./routes` module's `pages`, each at its
 * site path) into the page's #root under StandaloneApp. Only for running the remote alone; the shell
 * never loads a remote's bootstrap.
 */
export function mountStandalone<P extends PageId>(name: string, pages: Record<P, RemotePage>): void {
  const routes = (Object.entries(pages) as Array<[P, RemotePage]>).map(([page, remotePage]) => ({ path: paths[page], page: remotePage }));
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <StandaloneApp name={name} routes={routes} />
      </StrictMode>,
    );
  }
}
