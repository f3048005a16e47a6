import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { backoffDelay, createLoaderPlugin, entryFromManifest, fetchWithRetry, RemoteLoadError } from './loader-plugin.js';

// Node's AbortSignal.timeout timers do not hold the event loop open (a browser has no such notion).
const keepAlive = setInterval(() => undefined, 1000);
after(() => clearInterval(keepAlive));

const settings = { timeoutMs: 50, retries: 2, backoffMs: 10 };

/** A fetch that never answers but honours the abort signal, like a server that accepts and hangs. */
function hangingFetch(calls: { count: number }) {
  return (_url: string, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      calls.count += 1;
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
}

test('a server that never answers fails after every attempt timed out', async () => {
  const calls = { count: 0 };
  const started = Date.now();
  await assert.rejects(fetchWithRetry('http://x/mf-manifest.json', {}, settings, hangingFetch(calls)), RemoteLoadError);
  assert.equal(calls.count, 3);
  // 3 × 50 ms time-outs + 10 + 20 ms backoff; generous upper bound, this is not a timing test.
  assert.ok(Date.now() - started >= 150);
});

test('a transient failure is retried and the body handed on', async () => {
  let calls = 0;
  const flaky = async () => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    if (calls === 2) return new Response('busy', { status: 503 });
    return new Response('{"id":"mf_content"}', { status: 200 });
  };
  const response = await fetchWithRetry('http://x/m.json', {}, settings, flaky);
  assert.equal(calls, 3);
  assert.deepEqual(await response.json(), { id: 'mf_content' });
});

test('a 404 is not retried', async () => {
  let calls = 0;
  const missing = async () => {
    calls += 1;
    return new Response('no', { status: 404 });
  };
  await assert.rejects(fetchWithRetry('http://x/m.json', {}, settings, missing), /answered 404/);
  assert.equal(calls, 1);
});

test('a body that stalls after the headers is bounded by the same time-out', async () => {
  const stalled = async (_url: string, init?: RequestInit) => {
    const body = new ReadableStream({
      start(controller) {
        init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
      },
    });
    return new Response(body, { status: 200 });
  };
  await assert.rejects(fetchWithRetry('http://x/m.json', {}, { ...settings, retries: 0 }, stalled), RemoteLoadError);
});

test('backoff doubles from the first delay', () => {
  assert.deepEqual([1, 2, 3].map((attempt) => backoffDelay({ timeoutMs: 1, retries: 3, backoffMs: 300 }, attempt)), [300, 600, 1200]);
});

test("a manifest's entry: 'auto' is the manifest's own folder, an absolute publicPath wins, the path is kept", () => {
  const meta = (extra: Record<string, unknown>) => ({ metaData: { globalName: 'mf_content', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, ...extra } });
  assert.deepEqual(entryFromManifest('https://site.example/releases/content/1.2.0/mf-manifest.json', meta({})), {
    entry: 'https://site.example/releases/content/1.2.0/remoteEntry.js',
    globalName: 'mf_content',
    type: 'global',
  });
  assert.equal(entryFromManifest('https://site.example/m/mf-manifest.json', meta({ publicPath: 'https://cdn.example/content/' })).entry, 'https://cdn.example/content/remoteEntry.js');
  assert.equal(
    entryFromManifest('https://site.example/m/mf-manifest.json?v=2', meta({ remoteEntry: { name: 'remoteEntry.js', path: '/js/' } })).entry,
    'https://site.example/m/js/remoteEntry.js',
  );
});

test('a manifest that names no entry is a load error, not a script request for the JSON', () => {
  for (const manifest of [null, {}, { metaData: {} }, { metaData: { remoteEntry: { name: '' } } }, { metaData: { remoteEntry: { name: 7 } } }]) {
    assert.throws(() => entryFromManifest('https://site.example/mf-manifest.json', manifest), RemoteLoadError);
  }
});

/** What afterResolve needs of the MF runtime's arguments. */
function resolveArgs(entry: string, cached = false) {
  return {
    remote: { name: 'mf_content', entry },
    remoteInfo: { name: 'mf_content', entry, type: 'global', entryGlobalName: 'mf_content', shareScope: 'default' },
    origin: { moduleCache: new Map(cached ? [['mf_content', {}]] : []) },
  };
}

test("afterResolve swaps a registry's manifest for the entry it names, fetched within the loader's time-out", async () => {
  const urls: string[] = [];
  const plugin = createLoaderPlugin(settings, async (url) => {
    urls.push(url);
    return new Response(JSON.stringify({ metaData: { globalName: 'mf_content_v2', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } } }));
  });
  const args = resolveArgs('https://site.example/remotes/content/mf-manifest.json');
  // The runtime's hook types ask for the whole runtime; this test hands it only what the hook reads.
  const resolved = (await plugin.afterResolve?.(args as never)) as unknown as typeof args;
  assert.deepEqual(urls, ['https://site.example/remotes/content/mf-manifest.json']);
  assert.equal(resolved.remoteInfo.entry, 'https://site.example/remotes/content/remoteEntry.js');
  assert.equal(resolved.remoteInfo.entryGlobalName, 'mf_content_v2');
});

test('afterResolve leaves an entry URL, and a remote already loaded, alone (no manifest fetch)', async () => {
  let calls = 0;
  const plugin = createLoaderPlugin(settings, async () => {
    calls += 1;
    return new Response('{}');
  });
  const entry = resolveArgs('https://site.example/remotes/content/remoteEntry.js');
  const cached = resolveArgs('https://site.example/remotes/content/mf-manifest.json', true);
  await plugin.afterResolve?.(entry as never);
  await plugin.afterResolve?.(cached as never);
  assert.equal(calls, 0);
  assert.equal(entry.remoteInfo.entry, 'https://site.example/remotes/content/remoteEntry.js');
  assert.equal(cached.remoteInfo.entry, 'https://site.example/remotes/content/mf-manifest.json');
});

test('afterResolve fails with a load error when the manifest is not JSON or names no entry', async () => {
  const answer = (body: string) => createLoaderPlugin(settings, async () => new Response(body));
  const resolve = async (body: string) => answer(body).afterResolve?.(resolveArgs('https://site.example/m/mf-manifest.json') as never);
  await assert.rejects(resolve('<html>'), /is not JSON/);
  await assert.rejects(resolve('{"metaData":{}}'), /names no remote entry/);
});
