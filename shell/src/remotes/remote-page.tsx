import { Suspense, use, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName, RemotePageId } from '@tca/contracts';
import { Spinner } from '@tca/ui';
import { loadRoutes } from './federation.js';
import { RemoteBoundary } from './remote-boundary.js';

/** Spec §2.1: every page but the profile first shows "Loading..." for one second. */
export const PAGE_LOADER_MS = 1000;

interface RemotePageProps<R extends RemoteName> {
  remote: R;
  page: RemotePageId<R>;
  showLoader: boolean;
}

function PageFromRemote<R extends RemoteName>({ remote, page }: { remote: R; page: RemotePageId<R> }) {
  const routes = use(loadRoutes(remote));
  const Page: ComponentType | undefined = routes.pages[page];
  if (!Page) throw new Error(`The ${remote} area has no page "${String(page)}"`);
  return <Page />;
}

function MinimumDelay({ ms, children }: { ms: number; children: ReactNode }) {
  const [done, setDone] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return undefined;
    const timer = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return done ? children : <Spinner />;
}

/** One route's page, loaded from the remote that owns it, behind the loader and the area fallback. */
export function RemotePage<R extends RemoteName>({ remote, page, showLoader }: RemotePageProps<R>) {
  const { pathname } = useLocation();
  // Start fetching the remote now, so its download overlaps the one-second loader.
  loadRoutes(remote).catch(() => undefined);
  return (
    <MinimumDelay key={pathname} ms={showLoader ? PAGE_LOADER_MS : 0}>
      <RemoteBoundary key={pathname} remote={remote}>
        <Suspense fallback={<Spinner />}>
          <PageFromRemote remote={remote} page={page} />
        </Suspense>
      </RemoteBoundary>
    </MinimumDelay>
  );
}
