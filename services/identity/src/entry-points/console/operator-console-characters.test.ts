import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createMembershipBody, createPaidMembership, newAddress, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';

/**
 * The console's decision form is the one route that takes text without a contracts schema (an operator's
 * urlencoded form). NUL in the rejection reason or in the request ID of the path used to reach PostgreSQL
 * and answer 500; now a 400 naming the reason, or the 404 of an unknown request, and nothing is decided.
 */

const USER = 'treasurer';
const PASSWORD = 'console-pass-0123';
let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('console_characters', { OPERATOR_USER: USER, OPERATOR_PASSWORD: PASSWORD });
});
after(async () => {
  await identity?.stop();
});

function decide(path: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${identity.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'X-Forwarded-For': newAddress(),
      Authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`,
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
}

async function statusOf(requestId: string): Promise<string | undefined> {
  const { rows } = await identity.pool.query<{ status: string }>('SELECT status FROM memberships WHERE request_id = $1', [requestId]);
  return rows[0]?.status;
}

it('refuses NUL in the rejection reason with 400 naming the reason, and decides nothing', async () => {
  const { email, login } = await registerAndLogin(identity);
  const { requestId } = await createPaidMembership(identity, createMembershipBody(login.user.id, email));
  const res = await decide(`/admin/memberships/${requestId}/reject`, { reason: 'The passport\u0000 is unreadable' });
  assert.equal(res.status, 400);
  assert.match(await res.text(), /role="alert">The reason contains a character that is not allowed\./);
  assert.equal(await statusOf(requestId), 'Pending');
  assert.equal((await decide(`/admin/memberships/${requestId}/reject`, { reason: 'The passport is unreadable' })).status, 303, 'the same reason without it is taken');
});

it('answers a request ID holding NUL as an unknown request (404), for approve and reject', async () => {
  for (const decision of ['approve', 'reject']) {
    const res = await decide(`/admin/memberships/TCA%00-1/${decision}`, { reason: 'No' });
    assert.equal(res.status, 404, decision);
    assert.match(await res.text(), /There is no membership with that request ID\./, decision);
  }
});
