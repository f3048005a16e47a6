import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHILD_REQUIRED_MESSAGE, membershipListSchema, membershipRecordSchema, SPOUSE_AGE_MESSAGE, SPOUSE_NAME_MESSAGE, type MembershipTerm } from '@tca/contracts';
import { adelaideDate, apiError, call, createMembershipBody, createPaidMembership, memberWithPaidMembership, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { NOT_YOUR_ACCOUNT_MESSAGE } from './auth-routes.js';
import { DEPENDANTS_SAVED_MESSAGE, PAYMENT_REQUIRED_MESSAGE } from './membership-routes.js';

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
  term: MembershipTerm;
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
    // A renewal bought a month early starts when the previous year ends: the answer carries that period (issue 15).
    await identity.pool.query(`UPDATE memberships SET starts_on = '2024-03-01', ends_on = '2025-03-01' WHERE request_id = $1`, [`REQ-A-${suffix}`]);

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
        startsOn: null,
        endsOn: null,
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
        startsOn: '2024-03-01',
        endsOn: '2025-03-01',
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

describe('Expired (computed)', () => {
  it('shows an Active or Current annual membership whose end has passed as Expired, and nothing else', async () => {
    const { email, login } = await registerAndLogin(identity);
    const userId = Number(login.user.id);
    const id = login.user.id;
    const today = await adelaideDate(identity.pool);
    const rows: Array<[string, string, string, string, string | null]> = [
      // request id, level, term, status, ends_on
      [`EXP-A-${id}`, 'Silver-Single', 'annual', 'Active', await adelaideDate(identity.pool, -1)],
      [`EXP-B-${id}`, 'Silver-Family', 'annual', 'Current', today],
      [`EXP-C-${id}`, 'Silver-Single', 'annual', 'Active', await adelaideDate(identity.pool, 1)],
      [`EXP-D-${id}`, 'Silver-Single', 'annual', 'Pending', await adelaideDate(identity.pool, -5)],
      [`EXP-E-${id}`, 'Gold-Single', 'life-time', 'Active', null],
    ];
    for (const [index, [requestId, name, term, status, endsOn]] of rows.entries()) {
      await addMembership({ userId, requestId, name, term: term as MembershipTerm, status, createdAt: `2025-01-0${index + 1}T00:00:00Z`, dateOfBirth: null, email });
      if (endsOn) await identity.pool.query(`UPDATE memberships SET starts_on = ($2::date - interval '1 year')::date, ends_on = $2 WHERE request_id = $1`, [requestId, endsOn]);
    }
    // A row from before periods were stored counts a year from its creation.
    await addMembership({ userId, requestId: `EXP-F-${id}`, name: 'Silver-Single', term: 'annual', status: 'Active', createdAt: '2024-01-01T00:00:00Z', dateOfBirth: null, email });
    const res = await call(identity, '/membership/get', {}, { token: login.token });
    const statuses = Object.fromEntries(membershipListSchema.parse(await res.json()).map((m) => [m.requestId.split('-')[1], m.status]));
    assert.deepEqual(statuses, { A: 'Expired', B: 'Expired', C: 'Active', D: 'Pending', E: 'Active', F: 'Expired' });
    // Stored as they were: the status is computed when read.
    const { rows: kept } = await identity.pool.query<{ status: string }>(`SELECT status FROM memberships WHERE request_id = $1`, [`EXP-A-${id}`]);
    assert.equal(kept[0]?.status, 'Active');
  });
});

describe('POST /membership/add', () => {
  it('answers 402 payment_required without a paid checkout and creates nothing', async () => {
    const { email, login } = await registerAndLogin(identity);
    const submission = { userId: 'U-1700000000000-abc', firstName: 'Meera', lastName: 'Raman', email, phone: '61412345678', membershipName: 'Gold-Single', passport: null, supportingDocuments: [] };
    const body = await apiError(await call(identity, '/membership/add', submission, { token: login.token }), 402);
    assert.deepEqual(body, { error: 'payment_required', message: PAYMENT_REQUIRED_MESSAGE });
    // A record inserted without a checkout (not paid) does not count either.
    await addMembership({ userId: Number(login.user.id), requestId: `NOPAY-${login.user.id}`, name: 'Gold-Single', term: 'life-time', status: 'Active', createdAt: '2026-01-01T00:00:00Z', dateOfBirth: null, email });
    assert.equal((await call(identity, '/membership/add', submission, { token: login.token })).status, 402);
    const { rowCount } = await identity.pool.query('SELECT 1 FROM memberships WHERE user_id = $1', [Number(login.user.id)]);
    assert.equal(rowCount, 1);
  });

  it('answers 200 with the record a paid checkout created for that level, as often as asked, creating nothing', async () => {
    const { email, login } = await registerAndLogin(identity);
    const paid = await createPaidMembership(identity, createMembershipBody(login.user.id, email, { membershipName: 'Silver-Family' }));
    const submission = { userId: 'U-1700000000000-abc', email, membershipName: 'Silver-Family', address: 'whatever the old page sent' };
    for (let i = 0; i < 3; i += 1) {
      const res = await call(identity, '/membership/add', submission, { token: login.token });
      assert.equal(res.status, 200);
      const record = membershipRecordSchema.parse(await res.json());
      assert.deepEqual([record.requestId, record.membershipName, record.status, record.address], [paid.requestId, 'Silver-Family', 'Pending', '12 Tamil Street, Kilburn, SA, 5084']);
    }
    const { rowCount } = await identity.pool.query('SELECT 1 FROM memberships WHERE user_id = $1', [Number(login.user.id)]);
    assert.equal(rowCount, 1);
    // Another level is still unpaid.
    assert.equal((await call(identity, '/membership/add', { ...submission, membershipName: 'Gold-Family' }, { token: login.token })).status, 402);
  });

  it('needs a session, a known level, and the member’s own e-mail', async () => {
    const { email, login } = await registerAndLogin(identity);
    const other = await registerAndLogin(identity);
    assert.equal((await apiError(await call(identity, '/membership/add', { membershipName: 'Gold-Single', email }), 401)).error, 'unauthorized');
    const bad = await apiError(await call(identity, '/membership/add', { membershipName: 'Platinum' }, { token: login.token }), 400);
    assert.deepEqual(bad.fields, { membershipName: 'Unknown membership level' });
    assert.equal((await apiError(await call(identity, '/membership/add', { membershipName: 'Gold-Single', email: other.email }, { token: login.token }), 403)).error, 'forbidden');
  });
});

describe('POST /membership/add-dependents', () => {
  const family = { spouse: { name: 'Kumar Raman', age: 38 }, children: [{ name: 'Anbu', age: 9 }, { name: 'Kayal', age: 4 }] };

  function familyMember(level: 'Silver-Family' | 'Gold-Family' | 'Gold-Single' = 'Gold-Family') {
    return memberWithPaidMembership(identity, level);
  }

  async function storedDependants(requestId: string) {
    const { rows } = await identity.pool.query<{ relation: string; position: number; name: string; age: number }>(
      `SELECT d.relation, d.position, d.name, d.age FROM membership_dependants d JOIN memberships m ON m.id = d.membership_id WHERE m.request_id = $1 ORDER BY d.relation DESC, d.position`,
      [requestId],
    );
    return rows;
  }

  it('stores spouse and children, and a second submission replaces the first', async () => {
    const { login, requestId } = await familyMember();
    const res = await call(identity, '/membership/add-dependents', { userId: requestId, membershipType: 'Gold-Family', ...family }, { token: login.token });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await res.json(), { message: DEPENDANTS_SAVED_MESSAGE });
    assert.deepEqual(await storedDependants(requestId), [
      { relation: 'spouse', position: 0, name: 'Kumar Raman', age: 38 },
      { relation: 'child', position: 1, name: 'Anbu', age: 9 },
      { relation: 'child', position: 2, name: 'Kayal', age: 4 },
    ]);
    const again = await call(identity, '/membership/add-dependents', { userId: requestId, membershipType: 'Gold-Family', spouse: null, children: [{ name: 'Ilakkiya', age: 17 }] }, { token: login.token });
    assert.equal(again.status, 200);
    assert.deepEqual(await storedDependants(requestId), [{ relation: 'child', position: 1, name: 'Ilakkiya', age: 17 }]);
  });

  it('keeps one set when submissions for one membership arrive at once', async () => {
    const { login, requestId } = await familyMember('Silver-Family');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(identity, '/membership/add-dependents', { userId: requestId, membershipType: 'Silver-Family', spouse: null, children: [{ name: `Child ${'abcdef'[i]}`, age: i }] }, { token: login.token }),
      ),
    );
    assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200, 200, 200]);
    assert.equal((await storedDependants(requestId)).length, 1);
  });

  it('answers the spec’s messages for invalid family details (400)', async () => {
    const { login, requestId } = await familyMember();
    const send = (body: object) => call(identity, '/membership/add-dependents', { userId: requestId, membershipType: 'Gold-Family', ...body }, { token: login.token });
    const noChild = await apiError(await send({ spouse: family.spouse, children: [] }), 400);
    assert.equal(noChild.fields?.children, CHILD_REQUIRED_MESSAGE);
    const badSpouse = await apiError(await send({ spouse: { name: 'K', age: 130 }, children: family.children }), 400);
    assert.deepEqual([badSpouse.fields?.['spouse.name'], badSpouse.fields?.['spouse.age']], [SPOUSE_NAME_MESSAGE, SPOUSE_AGE_MESSAGE]);
    const digits = await apiError(await send({ spouse: { name: 'Kumar 2', age: 30 }, children: family.children }), 400);
    assert.equal(digits.fields?.['spouse.name'], SPOUSE_NAME_MESSAGE);
    const adultChild = await apiError(await send({ spouse: null, children: [{ name: 'Anbu', age: 19 }] }), 400);
    assert.ok(adultChild.fields?.['children.0']);
    const tooMany = await apiError(await send({ spouse: null, children: [...family.children, ...family.children] }), 400);
    assert.ok(tooMany.fields?.children);
    const wrongType = await apiError(await send({ membershipType: 'Silver-Family', spouse: null, children: family.children }), 400);
    assert.match(wrongType.fields?.membershipType ?? '', /Gold-Family/);
    assert.deepEqual(await storedDependants(requestId), []);
  });

  it('answers the same 404 for an unknown request ID and another member’s membership, 403 for a level without dependants, 401 without a session', async () => {
    const { login, requestId } = await familyMember();
    const other = await registerAndLogin(identity);
    const body = { userId: requestId, membershipType: 'Gold-Family', ...family };
    const unknown = await apiError(await call(identity, '/membership/add-dependents', { ...body, userId: 'M-2026-999999' }, { token: login.token }), 404);
    assert.equal(unknown.error, 'membership_not_found');
    // Request IDs are sequential: a different answer for someone else's would tell that it exists.
    const notYours = await apiError(await call(identity, '/membership/add-dependents', body, { token: other.login.token }), 404);
    assert.deepEqual(notYours, unknown);
    const single = await familyMember('Gold-Single');
    const notFamily = await apiError(await call(identity, '/membership/add-dependents', { ...body, userId: single.requestId, membershipType: 'Gold-Single', children: [] }, { token: single.login.token }), 403);
    assert.equal(notFamily.error, 'not_family_membership');
    assert.equal((await apiError(await call(identity, '/membership/add-dependents', body), 401)).error, 'unauthorized');
    assert.deepEqual(await storedDependants(requestId), []);
  });
});
