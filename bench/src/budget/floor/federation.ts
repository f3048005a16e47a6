import type { ComponentType } from 'react';
import { LOADER_DEFAULTS, type PageParams, type RemoteName, type RemotePageId, type RemoteRegistry, type RemoteRoutesModule } from '@tca/contracts';

/**
 * The floor's stand-in for shell/src/remotes/federation.ts (swapped in by floor-build.ts): the same
 * exports, without Module Federation. Each remote's exposed modules are imported directly, as lazy
 * chunks of the one build: `@tca-floor/<remote>/<expose>` is an alias floor-build.ts makes from the
 * remote's rspack.config.ts `exposes` (see remotes.d.ts). floor-source.test.ts fails when the
 * exported names drift from the shell's or when the imports and the remotes' exposes differ.
 */

const routes: { [R in RemoteName]: () => Promise<RemoteRoutesModule<R>> } = {
  content: () => import('@tca-floor/content/routes'),
  membership: () => import('@tca-floor/membership/routes'),
  account: () => import('@tca-floor/account/routes'),
  staff: () => import('@tca-floor/staff/routes'),
};

// Nothing is located at run time: no registry to read.
const REGISTRY: RemoteRegistry = { remotes: { content: 'floor', membership: 'floor', account: 'floor', staff: 'floor' }, loader: { ...LOADER_DEFAULTS } };

export async function fetchRegistry(): Promise<RemoteRegistry> {
  return REGISTRY;
}

export async function initialRegistry(): Promise<RemoteRegistry> {
  return REGISTRY;
}

export function applyRegistry(_current: RemoteRegistry): void {}

// The same promise for every caller, as the shell keeps them.
const routeModules = new Map<RemoteName, Promise<RemoteRoutesModule>>();
const pageModules = new Map<string, Promise<ComponentType>>();

export function loadRoutes<R extends RemoteName>(remote: R): Promise<RemoteRoutesModule<R>> {
  let pending = routeModules.get(remote);
  if (!pending) {
    pending = routes[remote]() as Promise<RemoteRoutesModule>;
    routeModules.set(remote, pending);
  }
  return pending as Promise<RemoteRoutesModule<R>>;
}

export function loadPage<R extends RemoteName>(remote: R, page: RemotePageId<R>): Promise<ComponentType> {
  const key = `${remote}/${page}`;
  let pending = pageModules.get(key);
  if (!pending) {
    pending = loadRoutes(remote).then((loaded) => loaded.pages[page].load());
    pageModules.set(key, pending);
  }
  return pending;
}

export function preparePage<R extends RemoteName>(remote: R, page: RemotePageId<R>, params: PageParams): Promise<void> {
  return loadRoutes(remote)
    .then((loaded) => loaded.pages[page].prepare?.(params))
    .catch(() => undefined);
}

export async function resetRemote(remote: RemoteName): Promise<void> {
  routeModules.delete(remote);
  for (const key of [...pageModules.keys()]) if (key.startsWith(`${remote}/`)) pageModules.delete(key);
}
