import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IDENTITY_SESSION_PATH } from './identity-client.js';
import { startIdentityStub } from './identity-stub.js';
import { sendJson } from './testing/stub-http-server.js';

describe('identity stub', () => {
  it('answers 404 for anything but the session lookup', async (t) => {
    const stub = await startIdentityStub();
    t.after(() => stub.close());
    const res = await fetch(`${stub.url}/internal/memberships`, { method: 'POST' });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { error: 'not_found', message: 'Not found.' });
    assert.equal((await fetch(`${stub.url}${IDENTITY_SESSION_PATH}`, { method: 'POST' })).status, 404);
    assert.equal(stub.lookups, 0);
  });

  it('hands the other requests to otherRequests, answers its rejections 500, and still answers the session lookup itself', async (t) => {
    const seen: string[] = [];
    const stub = await startIdentityStub({
      otherRequests: async (req, res) => {
        seen.push(`${req.method} ${req.url}`);
        if (req.url === '/internal/broken') throw new Error('broken on purpose');
        sendJson(res, 200, { extra: true });
      },
    });
    t.after(() => stub.close());

    const extra = await fetch(`${stub.url}/internal/eligibility?userId=u1`);
    assert.equal(extra.status, 200);
    assert.deepEqual(await extra.json(), { extra: true });

    const broken = await fetch(`${stub.url}/internal/broken`, { method: 'POST' });
    assert.equal(broken.status, 500);
    assert.deepEqual(await broken.json(), { error: 'internal', message: 'Error: broken on purpose' });

    const { token, user } = stub.issue();
    const session = await fetch(`${stub.url}${IDENTITY_SESSION_PATH}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(session.status, 200);
    assert.deepEqual(((await session.json()) as { user: unknown }).user, user);
    assert.deepEqual(seen, ['GET /internal/eligibility?userId=u1', 'POST /internal/broken']);
    assert.equal(stub.lookups, 1);
  });
});
