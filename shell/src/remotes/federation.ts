import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_CONTAINER,
  REMOTE_NAMES,
  remoteRegistrySchema,
  type RemoteName,
  type RemoteRegistry,
  type RemoteRoutesModule,
  type SessionModule,
} from '@tca/contracts';
import { config } from '../config.js';
import { createLoaderPlugin } from './loader-plugin.js';

const REGISTRY_TIMEOUT_MS = 10_000;

/** Reads the runtime registry: which manifest each remote is served from right now. */
export async function fetchRegistry(url = config.REMOTES_REGISTRY_URL): Promise<RemoteRegistry> {
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`The remote registry answered ${response.status}`);
  return remoteRegistrySchema.parse(await response.json());
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

const modules = new Map<string, Promise<unknown>>();

function load<T>(remote: RemoteName, expose: string): Promise<T> {
  const id = `${REMOTE_CONTAINER[remote]}/${expose}`;
  let pending = modules.get(id) as Promise<T> | undefined;
  if (!pending) {
    if (!registry) {
      pending = Promise.reject(new Error('The list of site areas could not be loaded.'));
    } else {
      pending = loadRemote<T>(id).then((loaded) => {
        if (!loaded) throw new Error(`${id} is empty`);
        return loaded;
      });
    }
    // A failure stays cached (React would otherwise re-render into a new attempt forever);
    // resetRemote() forgets it when the visitor presses Retry.
    modules.set(id, pending);
  }
  return pending;
}

/** The remote's `./routes` module; the same promise while it is loading or loaded (for React's `use`). */
export function loadRoutes<R extends RemoteName>(remote: R): Promise<RemoteRoutesModule<R>> {
  return load<RemoteRoutesModule<R>>(remote, 'routes');
}

export function loadSessionModule(): Promise<SessionModule> {
  return load<SessionModule>('account', 'session');
}

/**
 * Before a Retry: re-read the registry (the remote may have been redeployed elsewhere) and
 * re-register that remote, which drops what the MF runtime cached for it.
 */
export async function resetRemote(remote: RemoteName): Promise<void> {
  for (const id of [...modules.keys()]) {
    if (id.startsWith(`${REMOTE_CONTAINER[remote]}/`)) modules.delete(id);
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
