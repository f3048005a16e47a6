import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { createLogger } from '@tca/service-kit';
import { assertOnlyTablesInSchema, createTestDatabase, waitForOutput } from '@tca/service-kit/testing';
import { loadSandboxConfig } from './config.js';
import { start } from './server.js';
import { membershipSession, stripeClient } from './testing/harness.js';

const packageRoot = new URL('..', import.meta.url);
const keys = { SANDBOX_SECRET_KEY: 'sk_test_restart12345678', SANDBOX_WEBHOOK_SECRET: 'whsec_restart12345678' };

describe('stripe sandbox service', () => {
  it('keeps sessions across a restart (state is in Postgres), in its own schema', async (t) => {
    const db = await createTestDatabase('stripe_sandbox');
    t.after(() => db.drop());
    const config = loadSandboxConfig({ DATABASE_URL: db.url, PORT: '0', ...keys });
    const logger = createLogger({ name: 'stripe-sandbox', level: 'silent' });
    const first = await start(config, { handleSignals: false, logger });
    let created: string;
    try {
      created = (await stripeClient(first.url, keys.SANDBOX_SECRET_KEY).checkout.sessions.create(membershipSession())).id;
    } finally {
      await first.stop();
    }
    const second = await start(config, { handleSignals: false, logger });
    t.after(() => second.stop());
    const again = await stripeClient(second.url, keys.SANDBOX_SECRET_KEY).checkout.sessions.retrieve(created);
    assert.equal(again.status, 'open');
    assert.equal(again.url, `${second.url}/c/pay/${created}`);

    await assertOnlyTablesInSchema(db.url, 'stripe_sandbox', ['checkout_sessions', 'deliveries', 'events', 'idempotent_requests', 'refunds', 'schema_migrations']);
  });

  it('runs as a process: prints what is missing and exits 1; starts and exits 0 on SIGTERM', { timeout: 60_000 }, async (t) => {
    const run = (env: NodeJS.ProcessEnv) =>
      spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/index.ts'], { cwd: packageRoot, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const bad = run({ PORT: 'x' });
    let stderr = '';
    bad.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(bad, 'exit')) as [number | null];
    assert.equal(code, 1);
    assert.match(stderr, /stripe-sandbox service: Invalid configuration/);
    assert.match(stderr, /SANDBOX_SECRET_KEY: is required but not set/);
    assert.doesNotMatch(stderr, /REDIS_URL/);

    const db = await createTestDatabase('stripe_sandbox_proc');
    t.after(() => db.drop());
    const child = run({ DATABASE_URL: db.url, PORT: '0', LOG_LEVEL: 'info', ...keys });
    t.after(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const output = await waitForOutput(child, /"msg":"stripe sandbox ready"/, 20_000, 'stripe sandbox');
    const url = /"url":"(http:\/\/[^"]+)","msg":"listening"/.exec(output)?.[1];
    assert.ok(url, output);
    assert.equal((await fetch(`${url}/readyz`)).status, 200);
    child.kill('SIGTERM');
    const [exitCode] = (await once(child, 'exit')) as [number | null];
    assert.equal(exitCode, 0);
  });
});
