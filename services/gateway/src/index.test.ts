import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { startNodeProcess } from '@tca/service-kit/testing';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));

/** The entry point as `npm run dev` runs it; resolves with its exit code and output. */
function runEntry(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/index.ts'], { cwd: PACKAGE_DIR, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('the gateway process', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tca-gateway-entry-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>entry</title><div id="root"></div>');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('a bad environment: every problem on stderr, exit code 78 (EX_CONFIG), nothing started', async () => {
    const { code, output } = await runEntry({ PORT: 'abc', CONTENT_URL: 'nope' });
    assert.equal(code, 78);
    assert.match(output, /^gateway: /m);
    assert.match(output, /PORT/);
    assert.match(output, /CONTENT_URL: must be an http\(s\):\/\/ URL/);
    assert.doesNotMatch(output, /listening/);
  });

  test('starts from the environment, serves the shell, and stops on SIGTERM with exit code 0', async () => {
    const gateway = await startNodeProcess({
      cwd: PACKAGE_DIR,
      file: 'src/index.ts',
      env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SHELL_DIR: dir, REMOTES_REGISTRY_FILE: join(dir, 'remotes.json'), SHUTDOWN_GRACE_MS: '2000' },
      ready: /"msg":"listening"/,
      label: 'gateway',
    });
    try {
      const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(gateway.output())?.[1];
      assert.ok(url, `no URL in ${gateway.output()}`);
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      const page = await fetch(`${url}/`, { headers: { Accept: 'text/html' } });
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<title>entry<\/title>/);
    } finally {
      assert.equal(await gateway.stop(), 0);
    }
    assert.match(gateway.output(), /"msg":"stopped"/);
  });
});
