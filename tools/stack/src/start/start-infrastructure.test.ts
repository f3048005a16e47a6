import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { test, type TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { unusedPort } from '../testing/test-ports.js';
import { createStackContext } from './stack-context.js';
import { isPostgresProblem, startInfrastructure } from './start-infrastructure.js';

/**
 * A server that accepts connections and never answers (Redis's ready check then times out, after a few
 * seconds). Its connections are destroyed before it closes: close() waits for them, and they never end
 * by themselves because nothing reads what the client sent.
 */
async function silentServer(t: TestContext): Promise<number> {
  const connections = new Set<Socket>();
  const server = createServer((socket) => connections.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return (server.address() as { port: number }).port;
}

test("PostgreSQL's errors are shown, the shutdown's own chatter is not", () => {
  assert.equal(isPostgresProblem('2024-01-01 00:00:00 UTC [1] FATAL:  could not bind'), true);
  assert.equal(isPostgresProblem('ERROR:  relation "x" does not exist'), true);
  assert.equal(isPostgresProblem('FATAL:  terminating connection due to administrator command'), false);
  assert.equal(isPostgresProblem('LOG:  database system is ready to accept connections'), false);
});

test('when one part fails, the parts that started are stopped again and the failure is thrown', { timeout: 30_000 }, async (t) => {
  const [deadDb, inbox, smtp] = await Promise.all([unusedPort(), unusedPort(), unusedPort()]);
  const ctx = createStackContext({
    quiet: true,
    env: { DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${deadDb}/x`, REDIS_URL: `redis://127.0.0.1:${await silentServer(t)}`, SMTP_URL: undefined, MAIL_UI_PORT: String(inbox), MAIL_SMTP_PORT: String(smtp) },
  });
  // MailDev starts; PostgreSQL refuses at once, Redis answers nothing until its time-out. The first failure (PostgreSQL's) is thrown.
  const starting = startInfrastructure(ctx, { freshDatabase: false, postgresRuntimeRoot: undefined });
  starting.catch(() => undefined);
  let inboxAnswered = false;
  const deadline = Date.now() + 10_000;
  while (!inboxAnswered && Date.now() < deadline) {
    inboxAnswered = await fetch(`http://127.0.0.1:${inbox}/api/email`).then((res) => res.ok, () => false);
    await sleep(50);
  }
  assert.ok(inboxAnswered, 'MailDev started meanwhile');
  await assert.rejects(starting, /^StackError: DATABASE_URL=.* does not answer/);
  await assert.rejects(fetch(`http://127.0.0.1:${inbox}/api/email`), 'MailDev was stopped');
});
