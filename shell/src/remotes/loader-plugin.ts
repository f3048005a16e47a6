import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { manifestEntry, type LoaderSettings, type ManifestEntry } from '@tca/contracts';

/** A remote's manifest or entry could not be loaded within its time-out and retries. */
export class RemoteLoadError extends Error {
  constructor(
    message: string,
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteLoadError';
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoffDelay(settings: LoaderSettings, attempt: number): number {
  return settings.backoffMs * 2 ** (attempt - 1);
}

/** 4xx answers other than 408/429 will not get better by asking again. */
function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Fetches a URL with a time-out that covers the body too, retrying with exponential backoff.
 * MF's own manifest fetch has no time-out: a server that accepts and never answers would hang
 * the page forever (ARCHITECTURE.md §2).
 */
export async function fetchWithRetry(url: string, init: RequestInit, settings: LoaderSettings, fetchImpl: Fetch = fetch): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= settings.retries; attempt += 1) {
    if (attempt > 0) await wait(backoffDelay(settings, attempt));
    try {
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
      if (!response.ok) {
        lastError = new RemoteLoadError(`${url} answered ${response.status}`, url);
        if (isPermanent(response.status)) break;
        continue;
      }
      const body = await response.text();
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      lastError = error;
    }
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new RemoteLoadError(`Could not load ${url} after ${settings.retries + 1} attempt(s): ${reason}`, url, { cause: lastError });
}

/** The remote entry the shell loads: a manifest's entry with its file resolved to a URL. */
export type ResolvedEntry = Pick<ManifestEntry, 'globalName' | 'type'> & { entry: string };

/**
 * The remote entry a manifest points at, as an absolute URL: its `publicPath` is 'auto' (the preset's
 * builds: a remote can be served from any folder), which means the manifest's own folder, or an absolute base.
 */
export function entryFromManifest(manifestUrl: string, manifest: unknown): ResolvedEntry {
  const named = manifestEntry(manifest);
  if (!named) throw new RemoteLoadError(`${manifestUrl} names no remote entry`, manifestUrl);
  const base = new URL(named.publicPath ?? manifestUrl, manifestUrl);
  return { entry: new URL(named.file, base).href, globalName: named.globalName, type: named.type };
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

/** Loads a remote entry again after a failure, with backoff; the runtime calls this once per failure. */
async function retryEntry(args: LoadEntryErrorArgs, settings: LoaderSettings) {
  const { getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey } = args;
  let lastError: unknown;
  for (let attempt = 1; attempt <= settings.retries; attempt += 1) {
    await wait(backoffDelay(settings, attempt));
    // The failed attempt is still registered as "loading"; drop it or the retry would await it.
    Reflect.deleteProperty(globalLoading, uniqueKey);
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports: undefined });
      if (entry) return entry;
    } catch (error) {
      lastError = error;
    }
  }
  if (lastError) throw lastError;
  return undefined;
}

const isManifest = (url: string) => /\.json(?:$|[?#])/i.test(url);

/**
 * Bounds every manifest and remote-entry load by the registry's time-out, retrying with backoff, and
 * turns a registry's manifest into the remote entry it names. The shell's build leaves out the MF
 * runtime's own manifest handling (its snapshot and asset-preload plugins, 1.2 KB gzip off every first
 * load, preset's `disableSnapshot`): the gateway's preload hints already fetch an opened page's code in
 * parallel, and the shell needs no more from a manifest than where the entry is.
 */
export function createLoaderPlugin(settings: LoaderSettings, fetchImpl: Fetch = fetch): ModuleFederationRuntimePlugin {
  return {
    name: 'tca-remote-loader',
    async afterResolve(args) {
      const { remoteInfo, remote, origin } = args;
      // A remote already loaded keeps its entry (a Retry re-registers it, which drops it from this cache).
      if (!isManifest(remoteInfo.entry) || origin.moduleCache.has(remote.name)) return args;
      const response = await fetchWithRetry(remoteInfo.entry, {}, settings, fetchImpl);
      let manifest: unknown;
      try {
        manifest = await response.json();
      } catch (error) {
        throw new RemoteLoadError(`${remoteInfo.entry} is not JSON`, remoteInfo.entry, { cause: error });
      }
      const { entry, globalName, type } = entryFromManifest(remoteInfo.entry, manifest);
      remoteInfo.entry = entry;
      if (globalName) remoteInfo.entryGlobalName = globalName;
      if (type) remoteInfo.type = type as typeof remoteInfo.type;
      return args;
    },
    fetch(url, init) {
      return fetchWithRetry(url, init, settings, fetchImpl);
    },
    createScript() {
      return { timeout: settings.timeoutMs };
    },
    loadEntryError(args) {
      // MF types this hook's result as a Promise nested in a Promise, which cannot exist at run time.
      return retryEntry(args, settings) as never;
    },
  };
}
