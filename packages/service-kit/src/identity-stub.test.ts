import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STAFF_COLLEAGUES_API_PATH, staffColleaguesAnswerSchema } from '@tca/contracts';
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

  it('answers the colleagues of a role from the staff it issued (latest roles, owners too), with identity\'s 401, 403 and 400', async (t) => {
    const stub = await startIdentityStub();
    t.after(() => stub.close());
    const ask = (query: string, token?: string) => fetch(`${stub.url}${STAFF_COLLEAGUES_API_PATH}${query}`, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });
    const owner = stub.issue({ email: 'Olga@example.org', firstName: 'Olga', lastName: 'K' }, { roles: ['owner'], secondFactor: true });
    const support = stub.issue({ email: 'sam@example.org' }, { roles: ['treasurer'], secondFactor: true });
    stub.issue(support.user, { roles: ['support'], secondFactor: true });
    const treasurer = stub.issue({ email: 'tara@example.org' }, { roles: ['treasurer'], secondFactor: true });
    const member = stub.issue({ email: 'meera@example.org' });
    const answer = staffColleaguesAnswerSchema.parse(await (await ask('?role=support', treasurer.token)).json());
    assert.deepEqual(answer.colleagues.map((c) => `${c.email} ${c.roles.join('+')}`), ['Olga@example.org owner', 'sam@example.org support']);
    assert.equal(answer.colleagues[0]?.displayName, 'Olga K');
    assert.equal((await ask('?role=support')).status, 401);
    assert.equal(((await (await ask('?role=support', member.token)).json()) as { error: string }).error, 'not_staff');
    assert.equal(((await (await ask('?role=support', stub.issue({}, { roles: ['support'] }).token)).json()) as { error: string }).error, 'second_factor_required');
    for (const query of ['?role=admin', '', '?role=support&role=owner', '?role=support&x=1']) assert.equal((await ask(query, owner.token)).status, 400, query);
    stub.colleaguesMode = 'error';
    assert.equal((await ask('?role=support', owner.token)).status, 500);
    assert.equal((await fetch(`${stub.url}${IDENTITY_SESSION_PATH}`, { headers: { Authorization: `Bearer ${owner.token}` } })).status, 200, 'the session lookup still answers');
    assert.equal(stub.colleagueRequests, 9);
  });
});
