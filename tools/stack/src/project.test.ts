import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REMOTE_NAMES, SERVICES } from '@tca/contracts';
import { formatLogLine } from './logfmt.js';
import { API_SERVICES, readServices, REMOTES } from './project.js';

test('the stack names the same remotes and APIs as @tca/contracts', () => {
  assert.deepEqual([...REMOTES].sort(), [...REMOTE_NAMES].sort());
  assert.deepEqual(Object.keys(API_SERVICES).sort(), [...SERVICES].sort());
});

test('readServices reads each services/* package and the workers it declares', async () => {
  const root = await mkdtemp(join(tmpdir(), 'stack-project-'));
  try {
    await mkdir(join(root, 'services/alpha'), { recursive: true });
    await mkdir(join(root, 'services/beta'), { recursive: true });
    await mkdir(join(root, 'services/not-a-package'), { recursive: true });
    await writeFile(join(root, 'services/alpha/package.json'), JSON.stringify({ name: '@x/alpha', scripts: { build: 'tsc' }, tca: { workers: [{ name: 'alpha-relay', entry: 'entry-points/relay' }] } }));
    await writeFile(join(root, 'services/beta/package.json'), JSON.stringify({ name: '@x/beta' }));
    const services = await readServices(root);
    assert.deepEqual(
      services.map((s) => ({ name: s.name, packageName: s.packageName, hasBuild: s.hasBuild, workers: s.workers })),
      [
        { name: 'alpha', packageName: '@x/alpha', hasBuild: true, workers: [{ name: 'alpha-relay', entry: 'entry-points/relay' }] },
        { name: 'beta', packageName: '@x/beta', hasBuild: false, workers: [] },
      ],
    );
    await writeFile(join(root, 'services/beta/package.json'), JSON.stringify({ name: '@x/beta', tca: { workers: [{ name: 'Bad Name', entry: '../x' }] } }));
    await assert.rejects(readServices(root), /services\/beta\/package.json: invalid "tca" field/);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('pino lines become short and readable; other lines pass unchanged', () => {
  const time = Date.UTC(2026, 0, 2, 3, 4, 5);
  assert.equal(formatLogLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', name: 'content', msg: 'listening', url: 'http://127.0.0.1:4001' })), '03:04:05 INFO  listening url=http://127.0.0.1:4001');
  assert.equal(
    formatLogLine(JSON.stringify({ level: 40, time, req: { id: 'r', method: 'POST', url: '/auth/login', headers: {} }, res: { statusCode: 401 }, responseTime: 12.4, msg: 'request completed' })),
    '03:04:05 WARN  POST /auth/login 401 12ms',
  );
  const error = formatLogLine(JSON.stringify({ level: 50, time, msg: 'boom', err: { type: 'Error', message: 'bad thing', stack: 'Error: bad thing\n    at f (x.js:1:1)' } }));
  assert.match(error, /^03:04:05 ERROR boom error=bad thing\n {4}at f \(x\.js:1:1\)$/);
  assert.equal(formatLogLine('plain text line'), 'plain text line');
  assert.equal(formatLogLine('{"not":"pino"}'), '{"not":"pino"}');
});
