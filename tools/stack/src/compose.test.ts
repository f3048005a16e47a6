import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { readServices, REPO_ROOT } from './project.js';
import { which } from './util.js';

/**
 * docker-compose.yml must run every process of the project. The list comes from the repository, not
 * from this test: each package under services/ is a container named after its directory, and each
 * worker a service declares in its package.json is a container named after the worker:
 *
 *   "tca": { "workers": [{ "name": "content-worker", "entry": "worker" }] }   →  node services/content/dist/worker.js
 *
 * (see tools/stack/src/project.ts for the convention; npm start runs the same workers).
 */
test('docker-compose.yml is valid and has a container for every service and worker of the project', async (t) => {
  const binary = which('docker-compose');
  if (!binary) {
    t.skip('docker-compose is not installed (apt-get install docker-compose), so the compose file was not validated');
    return;
  }
  const file = join(REPO_ROOT, 'docker-compose.yml');
  execFileSync(binary, ['-f', file, 'config', '-q'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const containers = new Set(execFileSync(binary, ['-f', file, 'config', '--services'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean));
  const text = await readFile(file, 'utf8');

  const services = await readServices(REPO_ROOT);
  assert.ok(services.length >= 5, 'services/* were found');
  const expected: Array<{ container: string; runs: string }> = [];
  for (const service of services) {
    expected.push({ container: service.name, runs: `services/${service.name}/dist/index.js` });
    for (const worker of service.workers) expected.push({ container: worker.name, runs: `services/${service.name}/dist/${worker.entry}.js` });
  }
  for (const { container, runs } of expected) {
    assert.ok(containers.has(container), `docker-compose.yml has no "${container}" service (it should run ${runs})`);
    assert.ok(text.includes(`"${runs}"`), `docker-compose.yml never runs ${runs}`);
  }
  for (const infra of ['postgres', 'redis', 'mail']) assert.ok(containers.has(infra), `docker-compose.yml has no ${infra}`);
});
