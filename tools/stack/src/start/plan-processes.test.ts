import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { StackError } from '../stack-error.js';
import { nodeRun, parseWorkerCount, planProcesses, planReplicas, replicaCountVariable } from './plan-processes.js';
import { createStackContext } from './stack-context.js';

let root: string;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'stack-plan-'));
  const write = async (rel: string, text: string) => {
    await mkdir(join(root, rel, '..'), { recursive: true });
    await writeFile(join(root, rel), text);
  };
  for (const name of ['content', 'gateway', 'mailer']) {
    await write(`services/${name}/package.json`, JSON.stringify({ name: `@fake/${name}`, ...(name === 'content' ? { tca: { workers: [{ name: 'tickets-worker', entry: 'worker' }] } } : {}) }));
    await write(`services/${name}/dist/index.js`, '');
  }
});

after(() => rm(root, { recursive: true, force: true }));

function context(mode: 'start' | 'dev', env: Record<string, string> = {}) {
  const warnings: string[] = [];
  const ctx = { ...createStackContext({ rootDir: root, mode, quiet: true, env }), warn: (text: string) => warnings.push(text) };
  return { ctx, warnings };
}

test('built code in start mode, sources in watch mode in dev mode', () => {
  const spec = { name: 'tickets-worker', service: 'content', entry: 'worker', kind: 'worker', env: 'service' } as const;
  assert.deepEqual(nodeRun('start', '/r', spec), { file: '/r/services/content/dist/worker.js', args: ['/r/services/content/dist/worker.js'] });
  assert.deepEqual(nodeRun('dev', '/r', spec).args, ['--conditions=source', '--import', 'tsx', '--watch', '/r/services/content/src/worker.ts']);
});

test('worker counts are whole numbers', () => {
  assert.equal(parseWorkerCount('MAILER_WORKERS', '0'), 0);
  assert.equal(parseWorkerCount('MAILER_WORKERS', '12'), 12);
  for (const text of ['-1', '1.5', 'two', '1e3']) assert.throws(() => parseWorkerCount('MAILER_WORKERS', text), (err: Error) => err instanceof StackError && err.message === `MAILER_WORKERS must be a whole number (got ${text}).`);
});

test('the plan: the processes of the list, each worker with its count, what is missing named', async () => {
  const { ctx } = context('start', { TICKETS_WORKERS: '3' });
  const plan = await planProcesses(ctx);
  assert.deepEqual(plan.apis.map((a) => a.name), ['content']);
  assert.equal(plan.sandbox, undefined);
  assert.deepEqual(plan.workers.map(({ worker, count }) => [worker.name, count]), [['mailer', 1], ['tickets-worker', 3]]);
  assert.equal(plan.gateway.file, join(root, 'services/gateway/dist/index.js'));
  const tickets = plan.workers[1]?.worker;
  assert.ok(tickets);
  assert.equal(plan.runnable(tickets), undefined, 'dist/worker.js does not exist');
  assert.equal(plan.entryFile(tickets), 'services/content/dist/worker.js');
});

test("without the gateway's entry nothing can serve the site", async () => {
  const { ctx } = context('dev');
  await assert.rejects(planProcesses(ctx), /services\/gateway has no src\/index\.ts; nothing can serve the site\./);
});

test('<SERVICE>_REPLICAS: how many copies of each API, 1 by default, at least 1', async () => {
  assert.equal(replicaCountVariable('content'), 'CONTENT_REPLICAS');
  assert.deepEqual((await planProcesses(context('start').ctx)).replicas, { content: 1 });
  assert.deepEqual((await planProcesses(context('start', { CONTENT_REPLICAS: '3' }).ctx)).replicas, { content: 3 });
  const apis = [{ name: 'content', service: 'content', entry: 'index', kind: 'api', env: 'service', port: 4001 }, { name: 'identity', service: 'identity', entry: 'index', kind: 'api', env: 'service', port: 4002 }] as const;
  const env: Record<string, string> = { IDENTITY_REPLICAS: '2' };
  assert.deepEqual(planReplicas([...apis], (name) => env[name]), { content: 1, identity: 2 });
  assert.throws(() => planReplicas([...apis], () => '0'), (err: Error) => err instanceof StackError && err.message === 'CONTENT_REPLICAS must be at least 1 (got 0).');
  assert.throws(() => planReplicas([...apis], () => 'two'), /CONTENT_REPLICAS must be a whole number \(got two\)\./);
});
