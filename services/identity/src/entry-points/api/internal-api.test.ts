import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { cancelMembershipAnswerSchema, eligibilityAnswerSchema, internalCancelMembershipPath, memberDetailsSchema, SUBMISSION_NOT_ALLOWED } from '@tca/contracts';
import { createLogger, finishApp } from '@tca/service-kit';
import {
  adelaideDate,
  apiError,
  call,
  createMembershipBody,
  createPaidMembership,
  registerAndLogin,
  startTestIdentity,
  TEST_SERVICE_TOKEN,
  type TestIdentity,
} from '../../testing/harness.js';
import { ALREADY_ACTIVE_MESSAGE, MEMBERSHIP_REQUEST_ID_PATTERN } from '../../domain/membership-orders.js';
import { BAD_SERVICE_TOKEN_MESSAGE, createMembershipAnswerSchema, requireServiceToken, SERVICE_TOKEN_NOT_CONFIGURED_MESSAGE } from './internal-routes.js';

let identity: TestIdentity;
let autoApproving: TestIdentity;

before(async () => {
  [identity, autoApproving] = await Promise.all([startTestIdentity('internal'), startTestIdentity('internal_auto', { MEMBERSHIP_AUTO_APPROVE: 'true' })]);
});
after(async () => {
  await Promise.all([identity?.stop(), autoApproving?.stop()]);
});

interface StoredMembership {
  user_id: number;
  request_id: string;
  membership_name: string;
  term: string;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  profession: string;
  date_of_birth: string | null;
  checkout_session_id: string | null;
  details: unknown;
  starts_on: string | null;
  ends_on: string | null;
  amount_total: number | null;
  currency: string | null;
}

async function stored(service: TestIdentity, requestId: string): Promise<StoredMembership> {
  const { rows } = await service.pool.query<StoredMembership>('SELECT * FROM memberships WHERE request_id = $1', [requestId]);
  if (!rows[0]) throw new Error(`no membership ${requestId}`);
  return rows[0];
}

async function eligibility(service: TestIdentity, userId: string, level: string) {
  const res = await call(service, `/internal/memberships/eligibility?${new URLSearchParams({ userId, level }).toString()}`, undefined, { serviceToken: TEST_SERVICE_TOKEN });
  assert.equal(res.status, 200, await res.clone().text());
  return eligibilityAnswerSchema.parse(await res.json());
}

describe('X-Service-Token', () => {
  it('refuses /internal calls without the token or with a wrong one (401), whatever its length', async () => {
    const { email, login } = await registerAndLogin(identity);
    const body = createMembershipBody(login.user.id, email);
    for (const serviceToken of [undefined, '', 'wrong', `${TEST_SERVICE_TOKEN}x`, TEST_SERVICE_TOKEN.slice(0, -1), TEST_SERVICE_TOKEN.toUpperCase()]) {
      const res = await call(identity, '/internal/memberships', body, serviceToken === undefined ? {} : { serviceToken });
      assert.deepEqual(await apiError(res, 401), { error: 'invalid_service_token', message: BAD_SERVICE_TOKEN_MESSAGE }, `token ${JSON.stringify(serviceToken)}`);
      const check = await call(identity, `/internal/memberships/eligibility?userId=${login.user.id}&level=Gold-Single`, undefined, serviceToken === undefined ? {} : { serviceToken });
      assert.equal(check.status, 401);
    }
    // A session token is not a service token.
    const res = await call(identity, '/internal/memberships', body, { token: login.token });
    assert.equal(res.status, 401);
    const { rowCount } = await identity.pool.query('SELECT 1 FROM memberships WHERE checkout_session_id = $1', [body.checkoutSessionId]);
    assert.equal(rowCount, 0);
  });

  it('answers 503 while no SERVICE_TOKEN is configured', async (t) => {
    const app = express();
    app.use('/internal', requireServiceToken(undefined));
    app.get('/internal/probe', (_req, res) => res.json({ ok: true }));
    finishApp(app, createLogger({ name: 'test', level: 'silent' }));
    const server = app.listen(0, '127.0.0.1');
    t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${url}/internal/probe`, { headers: { 'X-Service-Token': 'anything-at-all' } });
    assert.deepEqual(await apiError(res, 503), { error: 'service_token_not_configured', message: SERVICE_TOKEN_NOT_CONFIGURED_MESSAGE });
  });
});

describe('POST /internal/memberships', () => {
  it('creates a Pending record with the §3 fields, the details, the period and the checkout session (201)', async () => {
    const { email, login } = await registerAndLogin(identity);
    const body = createMembershipBody(login.user.id, email, { membershipName: 'Silver-Family' });
    const res = await call(identity, '/internal/memberships', body, { serviceToken: TEST_SERVICE_TOKEN });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const answer = createMembershipAnswerSchema.parse(await res.json());
    assert.match(answer.requestId, MEMBERSHIP_REQUEST_ID_PATTERN);
    assert.equal(answer.requestId.slice(2, 6), (await adelaideDate(identity.pool)).slice(0, 4));
    assert.deepEqual({ ...answer, requestId: '' }, { requestId: '', status: 'Pending', membershipName: 'Silver-Family', created: true });

    const row = await stored(identity, answer.requestId);
    assert.equal(row.user_id, Number(login.user.id));
    assert.deepEqual(
      [row.membership_name, row.term, row.status, row.first_name, row.last_name, row.email, row.phone, row.address, row.profession, row.date_of_birth],
      ['Silver-Family', 'annual', 'Pending', 'Meera', 'Raman', email, '61412345678', '12 Tamil Street, Kilburn, SA, 5084', 'Engineer', '1990-05-17'],
    );
    assert.equal(row.checkout_session_id, body.checkoutSessionId);
    assert.deepEqual(row.details, memberDetailsSchema.parse(body.details));
    assert.equal(row.starts_on, await adelaideDate(identity.pool));
    const { rows } = await identity.pool.query<{ d: string }>(`SELECT ($1::date + interval '1 year')::date AS d`, [row.starts_on]);
    assert.equal(row.ends_on, rows[0]?.d);
    assert.deepEqual([row.amount_total, row.currency], [1000, 'aud']);
  });

  it('gives life-time levels no period', async () => {
    const { email, login } = await registerAndLogin(identity);
    const answer = await createPaidMembership(identity, createMembershipBody(login.user.id, email, { membershipName: 'Gold-Student', amountTotal: 5000 }));
    const row = await stored(identity, answer.requestId);
    assert.deepEqual([row.term, row.starts_on, row.ends_on], ['life-time', null, null]);
  });

  it('is Active at once with MEMBERSHIP_AUTO_APPROVE=true', async () => {
    const { email, login } = await registerAndLogin(autoApproving);
    const answer = await createPaidMembership(autoApproving, createMembershipBody(login.user.id, email, { membershipName: 'Gold-Single' }));
    assert.equal(answer.status, 'Active');
    assert.equal((await stored(autoApproving, answer.requestId)).status, 'Active');
  });

  it('is idempotent per checkout session: again → 200 created false, the same record', async () => {
    const { email, login } = await registerAndLogin(identity);
    const body = createMembershipBody(login.user.id, email);
    const first = await createPaidMembership(identity, body);
    const res = await call(identity, '/internal/memberships', body, { serviceToken: TEST_SERVICE_TOKEN });
    assert.equal(res.status, 200);
    assert.deepEqual(createMembershipAnswerSchema.parse(await res.json()), { ...first, created: false });
    const { rows } = await identity.pool.query('SELECT request_id FROM memberships WHERE user_id = $1', [Number(login.user.id)]);
    assert.equal(rows.length, 1);
  });

  it('creates one record when many calls for one checkout session arrive at once', async () => {
    const { email, login } = await registerAndLogin(identity);
    const body = createMembershipBody(login.user.id, email, { membershipName: 'Gold-Family', amountTotal: 20000 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => createPaidMembership(identity, body)));
    assert.equal(answers.filter((a) => a.created).length, 1);
    assert.equal(new Set(answers.map((a) => a.requestId)).size, 1);
    const { rows } = await identity.pool.query('SELECT 1 FROM memberships WHERE checkout_session_id = $1', [body.checkoutSessionId]);
    assert.equal(rows.length, 1);
  });

  it('starts a renewal bought in the last 30 days when the current membership ends', async () => {
    const { email, login } = await registerAndLogin(identity);
    const first = await createPaidMembership(identity, createMembershipBody(login.user.id, email));
    const endsOn = await adelaideDate(identity.pool, 10);
    await identity.pool.query(`UPDATE memberships SET status = 'Active', starts_on = ($2::date - interval '1 year')::date, ends_on = $2 WHERE request_id = $1`, [first.requestId, endsOn]);
    const renewal = await createPaidMembership(identity, createMembershipBody(login.user.id, email));
    const row = await stored(identity, renewal.requestId);
    assert.equal(row.starts_on, endsOn);
    // A different level is not a renewal.
    const other = await stored(identity, (await createPaidMembership(identity, createMembershipBody(login.user.id, email, { membershipName: 'Silver-Family' }))).requestId);
    assert.equal(other.starts_on, await adelaideDate(identity.pool));
  });

  it('answers 400 with per-field messages for a bad body, and 404 for an unknown user', async () => {
    const { email, login } = await registerAndLogin(identity);
    const good = createMembershipBody(login.user.id, email);
    const cases: Array<[unknown, string]> = [
      [{ ...good, membershipName: 'Platinum' }, 'membershipName'],
      [{ ...good, details: { ...good.details, postalCode: '50' } }, 'details.postalCode'],
      [{ ...good, details: { ...good.details, firstName: '' } }, 'details.firstName'],
      [{ ...good, checkoutSessionId: '' }, 'checkoutSessionId'],
      [{ ...good, amountTotal: -1 }, 'amountTotal'],
      [{ ...good, extra: 1 }, 'extra'],
      [{ ...good, userId: 'abc' }, 'userId'],
      [{ ...good, userId: '0' }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const error = await apiError(await call(identity, '/internal/memberships', body, { serviceToken: TEST_SERVICE_TOKEN }), 400);
      assert.equal(error.error, 'validation_failed');
      assert.ok(error.fields?.[field], `${field} in ${JSON.stringify(error.fields)}`);
    }
    assert.equal((await apiError(await call(identity, '/internal/memberships', '[1]', { serviceToken: TEST_SERVICE_TOKEN }), 400)).error, 'validation_failed');
    const unknown = await apiError(await call(identity, '/internal/memberships', { ...good, userId: '999999' }, { serviceToken: TEST_SERVICE_TOKEN }), 404);
    assert.equal(unknown.error, 'user_not_found');
    const { rowCount } = await identity.pool.query('SELECT 1 FROM memberships WHERE user_id = $1', [Number(login.user.id)]);
    assert.equal(rowCount, 0);
  });
});

describe('GET /internal/memberships/eligibility', () => {
  it('allows a level never held, and refuses a Pending or Current request (submission_not_allowed)', async () => {
    const { email, login } = await registerAndLogin(identity);
    const id = login.user.id;
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), { allowed: true });
    const pending = await createPaidMembership(identity, createMembershipBody(id, email));
    const refused = { allowed: false, reason: 'submission_not_allowed', message: SUBMISSION_NOT_ALLOWED.message };
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), refused);
    await identity.pool.query(`UPDATE memberships SET status = 'Current' WHERE request_id = $1`, [pending.requestId]);
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), refused);
    // Other levels stay open.
    assert.deepEqual(await eligibility(identity, id, 'Gold-Single'), { allowed: true });
    await identity.pool.query(`UPDATE memberships SET status = 'Rejected' WHERE request_id = $1`, [pending.requestId]);
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), { allowed: true });
  });

  it('refuses an Active level (already_active) until its last 30 days, and allows it again when it has expired', async () => {
    const { email, login } = await registerAndLogin(identity);
    const id = login.user.id;
    const m = await createPaidMembership(identity, createMembershipBody(id, email));
    const setEnd = async (days: number) =>
      identity.pool.query(`UPDATE memberships SET status = 'Active', starts_on = ($2::date - interval '1 year')::date, ends_on = $2 WHERE request_id = $1`, [m.requestId, await adelaideDate(identity.pool, days)]);
    const active = { allowed: false, reason: 'already_active', message: ALREADY_ACTIVE_MESSAGE };
    await setEnd(200);
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), active);
    await setEnd(31);
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), active);
    await setEnd(30);
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), { allowed: true });
    await setEnd(0);
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), { allowed: true }, 'ended today: Expired');
    await setEnd(-40);
    assert.deepEqual(await eligibility(identity, id, 'Silver-Single'), { allowed: true });
  });

  it('refuses a life-time level held Active for ever', async () => {
    const { email, login } = await registerAndLogin(autoApproving);
    await createPaidMembership(autoApproving, createMembershipBody(login.user.id, email, { membershipName: 'Gold-Family' }));
    assert.deepEqual(await eligibility(autoApproving, login.user.id, 'Gold-Family'), { allowed: false, reason: 'already_active', message: ALREADY_ACTIVE_MESSAGE });
  });

  it('answers 400 for a bad query and 404 for an unknown user', async () => {
    const { login } = await registerAndLogin(identity);
    for (const query of ['level=Gold-Single', `userId=${login.user.id}`, `userId=${login.user.id}&level=Platinum`, 'userId=abc&level=Gold-Single', `userId=${login.user.id}&level=Gold-Single&x=1`, `userId=1&userId=2&level=Gold-Single`]) {
      const error = await apiError(await call(identity, `/internal/memberships/eligibility?${query}`, undefined, { serviceToken: TEST_SERVICE_TOKEN }), 400);
      assert.equal(error.error, 'validation_failed', query);
    }
    const unknown = await apiError(await call(identity, '/internal/memberships/eligibility?userId=999999&level=Gold-Single', undefined, { serviceToken: TEST_SERVICE_TOKEN }), 404);
    assert.equal(unknown.error, 'user_not_found');
  });
});

describe('POST /internal/memberships/:requestId/cancel (a refunded order)', () => {
  it('cancels once (a second call changes nothing), keeps it with the decisions, and the level can be bought again', async () => {
    const { email, login } = await registerAndLogin(autoApproving);
    const created = await createPaidMembership(autoApproving, createMembershipBody(login.user.id, email, { membershipName: 'Gold-Family' }));
    const path = internalCancelMembershipPath(created.requestId);
    const body = { reason: 'Paid twice', cancelledBy: 'refund ord_x by treasurer@example.org' };
    const first = await call(autoApproving, path, body, { serviceToken: TEST_SERVICE_TOKEN });
    assert.equal(first.status, 200);
    assert.deepEqual(cancelMembershipAnswerSchema.parse(await first.json()), { requestId: created.requestId, status: 'Cancelled', cancelled: true });
    const again = await call(autoApproving, path, body, { serviceToken: TEST_SERVICE_TOKEN });
    assert.deepEqual(cancelMembershipAnswerSchema.parse(await again.json()), { requestId: created.requestId, status: 'Cancelled', cancelled: false });
    assert.equal((await stored(autoApproving, created.requestId)).status, 'Cancelled');
    const { rows } = await autoApproving.pool.query<{ decision: string; from_status: string; reason: string }>(
      'SELECT d.decision, d.from_status, d.reason FROM membership_decisions d JOIN memberships m ON m.id = d.membership_id WHERE m.request_id = $1',
      [created.requestId],
    );
    assert.deepEqual(rows, [{ decision: 'cancelled', from_status: 'Active', reason: 'Paid twice' }]);
    assert.deepEqual(await eligibility(autoApproving, login.user.id, 'Gold-Family'), { allowed: true }, 'a Cancelled life-time level does not block buying it again');
  });

  it('answers 401 without the token, 400 for a bad body and 404 for an unknown request ID', async () => {
    const path = internalCancelMembershipPath('REQ-NOPE');
    assert.equal((await call(autoApproving, path, { reason: 'x', cancelledBy: 'y' })).status, 401);
    assert.equal((await call(autoApproving, path, { reason: ' ', cancelledBy: 'y' }, { serviceToken: TEST_SERVICE_TOKEN })).status, 400);
    assert.equal((await call(autoApproving, path, { reason: 'x', cancelledBy: 'y' }, { serviceToken: TEST_SERVICE_TOKEN })).status, 404);
  });
});
