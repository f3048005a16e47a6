import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LOADER_DEFAULTS, parseRemoteRegistry } from '@tca/contracts';
import { loadGatewayConfig } from './config.js';
import { capturedLog } from './testing/captured-log.js';
import { buildRegistry, createRegistrySource, defaultManifestPath, readRegistryFile, registryFileSchema, remoteOrigins } from './registry.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tca-registry-'));
});
after(() => rm(dir, { recursive: true, force: true }));

/** A logger whose warnings are kept as parsed lines. */
const warnings = () => capturedLog('warn');

describe('registry file', () => {
  test('any subset of the remotes and loader settings; unknown remotes and keys are refused', () => {
    assert.deepEqual(registryFileSchema.parse({}), { remotes: {} });
    assert.deepEqual(registryFileSchema.parse({ remotes: { account: '/releases/account/v1/mf-manifest.json' }, loader: { retries: 0 } }), {
      remotes: { account: '/releases/account/v1/mf-manifest.json' },
      loader: { retries: 0 },
    });
    for (const bad of [{ remotes: { contnet: '/x.json' } }, { remotes: { content: 'ftp://x' } }, { loader: { retries: 6 } }, { loader: { timeoutMs: 0 } }, { loader: { backoff: 1 } }]) {
      assert.equal(registryFileSchema.safeParse(bad).success, false, JSON.stringify(bad));
    }
  });

  test('a missing file is normal; bad JSON, a bad shape and an unreadable path are reported, not thrown', async () => {
    assert.deepEqual(await readRegistryFile(join(dir, 'absent.json')), { status: 'missing' });

    const file = join(dir, 'remotes.json');
    await writeFile(file, JSON.stringify({ remotes: { content: 'https://cdn.example.org/c/mf-manifest.json' } }));
    assert.deepEqual(await readRegistryFile(file), { status: 'ok', file: { remotes: { content: 'https://cdn.example.org/c/mf-manifest.json' } } });

    await writeFile(file, '{ not json');
    const notJson = await readRegistryFile(file);
    assert.equal(notJson.status, 'invalid');
    assert.match(notJson.status === 'invalid' ? notJson.problem : '', /^not valid JSON: /);

    await writeFile(file, JSON.stringify({ remotes: { contnet: '/x/mf-manifest.json' }, loader: { retries: 9 } }));
    const badShape = await readRegistryFile(file);
    assert.equal(badShape.status, 'invalid');
    const problem = badShape.status === 'invalid' ? badShape.problem : '';
    assert.match(problem, /remotes: .*contnet/);
    assert.match(problem, /loader\.retries: /);

    await writeFile(file, '[]');
    assert.equal((await readRegistryFile(file)).status, 'invalid');

    const aDirectory = join(dir, 'a-directory');
    await mkdir(aDirectory);
    const unreadable = await readRegistryFile(aDirectory);
    assert.equal(unreadable.status, 'invalid');
    assert.match(unreadable.status === 'invalid' ? unreadable.problem : '', /^cannot read it: /);
  });
});

describe('buildRegistry', () => {
  test('without file or overrides: each remote from its own dist, the loader defaults', () => {
    assert.deepEqual(buildRegistry(loadGatewayConfig({}), undefined), {
      remotes: { content: defaultManifestPath('content'), membership: defaultManifestPath('membership'), account: defaultManifestPath('account'), staff: defaultManifestPath('staff') },
      loader: { ...LOADER_DEFAULTS },
    });
    assert.equal(defaultManifestPath('membership'), '/remotes/membership/mf-manifest.json');
  });

  test('per remote and per loader field: the file, then the environment, then the default', () => {
    const config = loadGatewayConfig({ REMOTE_MEMBERSHIP_MANIFEST_URL: 'http://127.0.0.1:9999/mf-manifest.json', REMOTE_ACCOUNT_MANIFEST_URL: '/env/account.json', REMOTE_RETRIES: '4' });
    const registry = buildRegistry(config, { remotes: { account: '/releases/account/v7/mf-manifest.json' }, loader: { timeoutMs: 5000 } });
    assert.deepEqual(registry, {
      remotes: { content: '/remotes/content/mf-manifest.json', membership: 'http://127.0.0.1:9999/mf-manifest.json', account: '/releases/account/v7/mf-manifest.json', staff: '/remotes/staff/mf-manifest.json' },
      loader: { timeoutMs: 5000, retries: 4, backoffMs: LOADER_DEFAULTS.backoffMs },
    });
    assert.deepEqual(parseRemoteRegistry(registry), registry);
  });
});

describe('createRegistrySource', () => {
  test('reads the file on every call, so a publish shows on the next page load', async () => {
    const file = join(dir, 'live.json');
    const source = createRegistrySource(loadGatewayConfig({ REMOTES_REGISTRY_FILE: file }), warnings().logger);
    assert.equal((await source()).remotes.content, '/remotes/content/mf-manifest.json');
    await writeFile(file, JSON.stringify({ remotes: { content: '/releases/content/v2/mf-manifest.json' } }));
    assert.equal((await source()).remotes.content, '/releases/content/v2/mf-manifest.json');
    await rm(file);
    assert.equal((await source()).remotes.content, '/remotes/content/mf-manifest.json');
  });

  test('an invalid file is ignored, and logged once per distinct problem', async () => {
    const file = join(dir, 'broken.json');
    const { logger, lines } = warnings();
    const source = createRegistrySource(loadGatewayConfig({ REMOTES_REGISTRY_FILE: file, REMOTE_CONTENT_MANIFEST_URL: '/env/content.json' }), logger);
    await writeFile(file, '{ not json');
    assert.equal((await source()).remotes.content, '/env/content.json');
    assert.equal((await source()).remotes.content, '/env/content.json');
    assert.equal(lines.length, 1);
    assert.equal(lines[0]?.msg, 'remote registry file is invalid; ignoring it');
    assert.equal(lines[0]?.file, file);
    assert.match(String(lines[0]?.problem), /not valid JSON/);

    await writeFile(file, JSON.stringify({ remotes: { contnet: '/x.json' } }));
    await source();
    assert.equal(lines.length, 2, 'a new problem is logged');

    await writeFile(file, JSON.stringify({ remotes: {} }));
    await source();
    await writeFile(file, JSON.stringify({ remotes: { contnet: '/x.json' } }));
    await source();
    assert.equal(lines.length, 3, 'the same problem again after a good file is logged again');
  });
});

describe('remoteOrigins', () => {
  test('the origins of absolute manifest URLs, each once and sorted; paths on this origin add none', () => {
    const registry = parseRemoteRegistry({
      remotes: { content: 'https://b.example.org/c/mf-manifest.json', membership: 'HTTP://a.example.org:8080/m.json', account: 'https://b.example.org/a/mf-manifest.json', staff: 'https://b.example.org/s/mf-manifest.json' },
    });
    assert.deepEqual(remoteOrigins(registry), ['http://a.example.org:8080', 'https://b.example.org']);
    assert.deepEqual(remoteOrigins(parseRemoteRegistry({ remotes: { content: '/a.json', membership: '/b.json', account: '/c.json', staff: '/d.json' } })), []);
  });
});
