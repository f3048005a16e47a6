import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { STAFF_ROLE_REQUIRED_MESSAGE, STAFF_SECOND_FACTOR_REQUIRED_MESSAGE } from '@tca/contracts';
import { createHttpApp, finishApp } from './http-app.js';
import { startIdentityStub, type IdentityStub } from './identity-stub.js';
import { createLogger } from './logger.js';
import { actorOf, createStaffGuard, noStore } from './staff-guard.js';
import { startService, type RunningService } from './start-service.js';

/** The staff guard other services than identity put before their staff routes (content, payments). */
describe('createStaffGuard', () => {
  let identity: IdentityStub;
  let running: RunningService;

  before(async () => {
    identity = await startIdentityStub();
    const logger = createLogger({ name: 'test', level: 'silent' });
    const { app, lifecycle } = createHttpApp({ name: 'test', logger, bodyLimit: '1kb', corsOrigins: [] });
    const staff = createStaffGuard({ identityUrl: identity.url, timeoutMs: 500 });
    app.use('/staff-api/', noStore);
    app.get('/staff-api/money', staff(['treasurer']), (req, res) => {
      res.json(actorOf(req));
    });
    finishApp(app, logger);
    running = await startService({ app, logger, lifecycle, handleSignals: false, host: '127.0.0.1', port: 0 });
  });
  after(() => Promise.all([running?.stop(), identity?.close()]));

  const ask = async (token?: string) => {
    const res = await fetch(`${running.url}/staff-api/money`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as Record<string, unknown> };
  };

  it('lets a role it allows through (an owner always), with who they are for the audit log; never cached', async () => {
    for (const roles of [['treasurer'], ['owner']] as const) {
      const { token, user } = identity.issue({ email: `${roles[0]}@example.org` }, { roles: [...roles], secondFactor: true });
      const answer = await ask(token);
      assert.equal(answer.status, 200);
      assert.equal(answer.cache, 'no-store');
      assert.deepEqual(answer.body, { userId: user.id, email: `${roles[0]}@example.org`, ip: '127.0.0.1' });
    }
  });

  it('answers 401 without a session, 403 not_staff, second_factor_required or forbidden, and 503 while identity fails', async () => {
    const none = await ask();
    assert.equal(none.status, 401);
    const member = await ask(identity.issue().token);
    assert.deepEqual([member.status, member.body.error, member.body.message], [403, 'not_staff', STAFF_ROLE_REQUIRED_MESSAGE]);
    const noFactor = await ask(identity.issue({}, { roles: ['treasurer'], secondFactor: false }).token);
    assert.deepEqual([noFactor.status, noFactor.body.error, noFactor.body.message], [403, 'second_factor_required', STAFF_SECOND_FACTOR_REQUIRED_MESSAGE]);
    const editor = await ask(identity.issue({}, { roles: ['editor'], secondFactor: true }).token);
    assert.deepEqual([editor.status, editor.body.error], [403, 'forbidden']);
    const { token } = identity.issue({}, { roles: ['treasurer'], secondFactor: true });
    identity.mode = 'error';
    try {
      const down = await ask(token);
      assert.deepEqual([down.status, down.body.error], [503, 'identity_unavailable']);
    } finally {
      identity.mode = 'normal';
    }
  });
});
