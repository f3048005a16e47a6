import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  INLINE_REGISTRY_ID,
  REMOTE_CONTAINER,
  REMOTE_NAMES,
  parseRemoteRegistry,
  type PageParams,
  type RemoteName,
  type RemotePageId,
  type RemoteRegistry,
  type RemoteRoutesModule,
} from '@tca/contracts';
import { config } from '../config.js';
import { createLoaderPlugin } from './loader-plugin.js';

const REGISTRY_TIMEOUT_MS = 10_000;

/** The registry written into the page, if any (a data block: the browser never runs it). */
function inlineRegistry(): RemoteRegistry | undefined {
  const text = document.getElementById(INLINE_REGISTRY_ID)?.textContent;
  if (!text) return undefined;
  try {
    return parseRemoteRegistry(JSON.parse(text));
  } catch (error) {
    console.warn('[shell] the registry in the page is unreadable; asking the gateway', error);
    return undefined;
  }
}

/** Reads the runtime registry: which manifest each remote is served from right now. */
export async function fetchRegistry(url = config.REMOTES_REGISTRY_URL): Promise<RemoteRegistry> {
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`The remote registry answered ${response.status}`);
  return parseRemoteRegistry(await response.json());
}

/** The registry for starting up: the one in the page, else the gateway's. */
export async function initialRegistry(): Promise<RemoteRegistry> {
  return inlineRegistry() ?? fetchRegistry();
}

let registry: RemoteRegistry | undefined;

function toRemote(name: RemoteName, current: RemoteRegistry) {
  // Absolute URLs: a manifest's "auto" publicPath is resolved against the URL it was loaded from.
  return { name: REMOTE_CONTAINER[name], entry: new URL(current.remotes[name], window.location.href).href };
}

/** Registers every remote of the registry with the MF runtime, behind the time-out/retry plugin. */
export function applyRegistry(current: RemoteRegistry): void {
  registry = current;
  registerPlugins([createLoaderPlugin(current.loader)]);
  registerRemotes(REMOTE_NAMES.map((name) => toRemote(name, current)));
}

// Each cache keeps a failure too (React would otherwise re-render into a new attempt forever);
// resetRemote() forgets a remote's entries when the visitor presses Retry.
const routeModules = new Map<RemoteName, Promise<RemoteRoutesModule>>();
const pageModules = new Map<string, Promise<ComponentType>>();

/** The remote's `./routes` module; the same promise while it is loading or loaded. */
export function loadRoutes<R extends RemoteName>(remote: R): Promise<RemoteRoutesModule<R>> {
  let pending = routeModules.get(remote);
  if (!pending) {
    const id = `${REMOTE_CONTAINER[remote]}/routes`;
    pending = registry
      ? loadRemote<RemoteRoutesModule>(id).then((loaded) => {
          if (!loaded) throw new Error(`${id} is empty`);
          return loaded;
        })
      : Promise.reject(new Error('The list of site areas could not be loaded.'));
    routeModules.set(remote, pending);
  }
  return pending as Promise<RemoteRoutesModule<R>>;
}

/** One page's component, from the remote that owns it. */
export function loadPage<R extends RemoteName>(remote: R, page: RemotePageId<R>): Promise<ComponentType> {
  const key = `${remote}/${page}`;
  let pending = pageModules.get(key);
  if (!pending) {
    pending = loadRoutes(remote).then((routes) => {
      const entry = routes.pages[page];
      if (!entry) throw new Error(`The ${remote} area has no page "${String(page)}"`);
      return entry.load();
    });
    pageModules.set(key, pending);
  }
  return pending;
}

/** Starts fetching what a page shows first; settles when that is done (never rejects). */
export function preparePage<R extends RemoteName>(remote: R, page: RemotePageId<R>, params: PageParams): Promise<void> {
  return loadRoutes(remote)
    .then((routes) => routes.pages[page]?.prepare?.(params))
    .catch(() => undefined);
}

/**
 * Before a Retry: re-read the registry (the remote may have been redeployed elsewhere) and
 * re-register that remote, which drops what the MF runtime cached for it.
 */
export async function resetRemote(remote: RemoteName): Promise<void> {
  routeModules.delete(remote);
  for (const key of [...pageModules.keys()]) {
    if (key.startsWith(`${remote}/`)) pageModules.delete(key);
  }
  try {
    const fresh = await fetchRegistry();
    if (!registry) {
      applyRegistry(fresh);
      return;
    }
    registry = fresh;
  } catch {
    if (!registry) return;
  }
  registerRemotes([toRemote(remote, registry)], { force: true });
}
