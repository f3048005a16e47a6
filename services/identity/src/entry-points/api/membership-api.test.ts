import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { membershipListSchema } from '@tca/contracts';
import { apiError, call, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { NOT_YOUR_ACCOUNT_MESSAGE } from './auth-routes.js';

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('membership');
});
after(async () => {
  await identity?.stop();
});

interface NewMembership {
  userId: number;
  requestId: string;
  name: string;
  term: 'annual' | 'life-time';
  status: string;
  createdAt: string;
  dateOfBirth: string | null;
  email: string;
}

async function addMembership(m: NewMembership): Promise<void> {
  await identity.pool.query(
    `INSERT INTO memberships (user_id, request_id, membership_name, term, status, first_name, last_name, email, phone, address, profession, date_of_birth, created_at)
     VALUES ($1, $2, $3, $4, $5, 'Meera', 'Raman', $6, '61412345678', '1 King William St, Adelaide, SA, 5000', 'Engineer', $7, $8)`,
    [m.userId, m.requestId, m.name, m.term, m.status, m.email, m.dateOfBirth, m.createdAt],
  );
}

describe('POST /membership/get', () => {
  it('answers an empty list for a member without memberships', async () => {
    const { email, login } = await registerAndLogin(identity);
    const res = await call(identity, '/membership/get', { email }, { token: login.token });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await res.json(), []);
  });

  it('answers the session user’s records, newest first, in the §3 shape', async () => {
    const { email, login } = await registerAndLogin(identity);
    const other = await registerAndLogin(identity);
    const userId = Number(login.user.id);
    const suffix = login.user.id;
    await addMembership({ userId, requestId: `REQ-A-${suffix}`, name: 'Silver-Single', term: 'annual', status: 'Expired', createdAt: '2024-02-01T10:00:00Z', dateOfBirth: '1990-05-17', email });
    await addMembership({ userId, requestId: `REQ-B-${suffix}`, name: 'Gold-Family', term: 'life-time', status: 'Pending', createdAt: '2026-01-15T09:30:00Z', dateOfBirth: null, email });
    await addMembership({ userId: Number(other.login.user.id), requestId: `REQ-C-${other.login.user.id}`, name: 'Gold-Single', term: 'life-time', status: 'Active', createdAt: '2026-03-01T00:00:00Z', dateOfBirth: null, email: other.email });

    const res = await call(identity, '/membership/get', { email }, { token: login.token });
    assert.equal(res.status, 200);
    const list = membershipListSchema.parse(await res.json());
    assert.deepEqual(list, [
      {
        membershipName: 'Gold-Family',
        status: 'Pending',
        requestId: `REQ-B-${suffix}`,
        createdAt: '2026-01-15T09:30:00.000Z',
        doB: null,
        firstname: 'Meera',
        lastname: 'Raman',
        email,
        phone: '61412345678',
        address: '1 King William St, Adelaide, SA, 5000',
        profession: 'Engineer',
        term: 'life-time',
      },
      {
        membershipName: 'Silver-Single',
        status: 'Expired',
        requestId: `REQ-A-${suffix}`,
        createdAt: '2024-02-01T10:00:00.000Z',
        doB: '1990-05-17',
        firstname: 'Meera',
        lastname: 'Raman',
        email,
        phone: '61412345678',
        address: '1 King William St, Adelaide, SA, 5000',
        profession: 'Engineer',
        term: 'annual',
      },
    ]);
    // Without a body, the session decides alone.
    const bare = await fetch(`${identity.url}/membership/get`, { method: 'POST', headers: { Authorization: `Bearer ${login.token}` } });
    assert.equal(membershipListSchema.parse(await bare.json()).length, 2);
  });

  it('answers 403 when the body names another member’s e-mail', async () => {
    const { login } = await registerAndLogin(identity);
    const other = await registerAndLogin(identity);
    const body = await apiError(await call(identity, '/membership/get', { email: other.email }, { token: login.token }), 403);
    assert.deepEqual(body, { error: 'forbidden', message: NOT_YOUR_ACCOUNT_MESSAGE });
  });

  it('needs a live session and a valid body', async () => {
    const { email, login } = await registerAndLogin(identity);
    assert.equal((await apiError(await call(identity, '/membership/get', { email }), 401)).error, 'unauthorized');
    await call(identity, '/auth/logout', {}, { token: login.token });
    assert.equal((await apiError(await call(identity, '/membership/get', { email }, { token: login.token }), 401)).error, 'session_expired');
    const fresh = await registerAndLogin(identity);
    const bad = await apiError(await call(identity, '/membership/get', { email: 'not-an-email' }, { token: fresh.login.token }), 400);
    assert.deepEqual(bad.fields, { email: 'Invalid email format' });
  });

  it('keeps memberships to the statuses and terms the profile knows', async () => {
    const { email, login } = await registerAndLogin(identity);
    await assert.rejects(
      addMembership({ userId: Number(login.user.id), requestId: `REQ-X-${login.user.id}`, name: 'Gold-Single', term: 'annual', status: 'Paid', createdAt: '2026-01-01T00:00:00Z', dateOfBirth: null, email }),
      /memberships_status_check/,
    );
  });
});
