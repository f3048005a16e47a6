import { startTransition, useEffect, useState, type ComponentType } from 'react';
import type { RemoteName, RemotePageId } from '@tca/contracts';
import { Spinner } from '@tca/ui';
import { useLocation, useParams } from '@tca/ui/router';
import { loadPage, preparePage } from './federation.js';
import { RemoteBoundary } from './remote-boundary.js';

/** Spec §2.1: every page but the profile first shows "Loading..." for one second. */
export const PAGE_LOADER_MS = 1000;
/** How long a page's first data may keep the loader up beyond its second; then the page shows its own loading state. */
export const PAGE_PREPARE_LIMIT_MS = 4000;

interface RemotePageProps<R extends RemoteName> {
  remote: R;
  page: RemotePageId<R>;
  showLoader: boolean;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Gate = { status: 'waiting' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; error: Error };

/**
 * Behind the loader, fetches the page's code and its first data at once, so that when the second is
 * up the page paints complete in one go: nothing fills in or moves under the visitor's eyes.
 */
function PageGate<R extends RemoteName>({ remote, page, minMs }: { remote: R; page: RemotePageId<R>; minMs: number }) {
  const params = useParams();
  const [gate, setGate] = useState<Gate>({ status: 'waiting' });

  useEffect(() => {
    let active = true;
    const prepared = preparePage(remote, page, params);
    Promise.all([loadPage(remote, page), delay(minMs), Promise.race([prepared, delay(minMs + PAGE_PREPARE_LIMIT_MS)])]).then(
      // A transition: React renders the page in slices, so a phone's main thread is never blocked for long.
      ([Page]) => active && startTransition(() => setGate({ status: 'ready', Page })),
      (error: unknown) => active && setGate({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      active = false;
    };
    // The gate is keyed by pathname: params cannot change under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote, page, minMs]);

  if (gate.status === 'failed') throw gate.error;
  if (gate.status === 'waiting') return <Spinner />;
  const { Page } = gate;
  return <Page />;
}

/** One route's page, loaded from the remote that owns it, behind the loader and the area fallback. */
export function RemotePage<R extends RemoteName>({ remote, page, showLoader }: RemotePageProps<R>) {
  const { pathname } = useLocation();
  return (
    <RemoteBoundary key={pathname} remote={remote}>
      <PageGate remote={remote} page={page} minMs={showLoader ? PAGE_LOADER_MS : 0} />
    </RemoteBoundary>
  );
}
