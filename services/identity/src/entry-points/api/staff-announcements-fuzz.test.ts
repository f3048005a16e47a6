import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ANNOUNCEMENT_PREFERENCE_API_PATH, ANNOUNCEMENT_UNSUBSCRIBE_API_PATH, STAFF_ANNOUNCEMENTS_API_PATH } from '@tca/contracts';
import { fuzzAndCheck, fuzzSeed, type FuzzTarget } from '@tca/service-kit/testing';
import { registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * Announcements' endpoints (issue 15) under generated paths, query strings and bodies, as the other staff
 * fuzz tests do: every answer below 500, every JSON 4xx an `error` and a `message`, an announcement sent at
 * most once, still ready after. A failure prints its seed: replay with FUZZ_SEED=<seed>.
 */

const SEED = fuzzSeed(20261128);
const COUNT = 150;
const TIME_CAP_MS = 20_000;
const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };

let identity: TestIdentity;
let officer: StaffMemberForTest;

before(async () => {
  identity = await startTestIdentity('announcements_fuzz');
  officer = await newStaffMember(identity, ['membership_officer']);
});
after(async () => {
  await identity?.stop();
});

function fuzz(shape: Omit<FuzzTarget, 'baseUrl' | 'headers'>, token = officer.token) {
  return fuzzAndCheck({ baseUrl: identity.url, method: 'POST', headers: { Authorization: `Bearer ${token}` }, ...shape }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
}

const SEGMENTS = [{ kind: 'all-active' }, { kind: 'level', level: 'Gold-Single' }, { kind: 'ending-within', days: 30 }];

describe('announcements under fuzzed requests', () => {
  it(`POST ${STAFF_ANNOUNCEMENTS_API_PATH}, …/preview and …/recipient-count: ${COUNT} requests each`, TIMEOUT, async () => {
    const created = await fuzz({ path: STAFF_ANNOUNCEMENTS_API_PATH, validBodies: SEGMENTS.map((segment) => ({ subject: 'Pongal', body: '**Vanakkam**', segment })) });
    assert.ok((created.byStatus[201] ?? 0) > 0, 'valid drafts are created');
    const preview = await fuzz({ path: `${STAFF_ANNOUNCEMENTS_API_PATH}/preview`, validBodies: [{ body: '# Hi <b>x</b> [a](https://a.org)' }] });
    assert.ok((preview.byStatus[200] ?? 0) > 0);
    const counted = await fuzz({ path: `${STAFF_ANNOUNCEMENTS_API_PATH}/recipient-count`, validBodies: SEGMENTS.map((segment) => ({ segment })) });
    assert.ok((counted.byStatus[200] ?? 0) > 0);
  });

  it(`GET ${STAFF_ANNOUNCEMENTS_API_PATH}/:id and POST …/:id/send: ${COUNT} requests each, sent at most once`, TIMEOUT, async () => {
    const res = await staffCall(identity, 'POST', STAFF_ANNOUNCEMENTS_API_PATH, officer.token, { subject: 'AGM', body: 'Come', segment: { kind: 'all-active' } });
    const { id } = (await res.json()) as { id: string };
    const shown = await fuzz({ method: 'GET', path: `${STAFF_ANNOUNCEMENTS_API_PATH}/:id`, pathParams: { id: [id] } });
    assert.ok((shown.byStatus[200] ?? 0) > 0);
    const sent = await fuzz({ path: `${STAFF_ANNOUNCEMENTS_API_PATH}/:id/send`, pathParams: { id: [id] }, validBodies: [{}] });
    assert.ok((sent.byStatus[200] ?? 0) <= 1, 'sent once at most');
    const { rows } = await identity.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'announcement_sent'");
    assert.equal(rows[0]?.n, sent.byStatus[200] ?? 0, 'one send per 200');
  });

  it(`GET/PUT ${ANNOUNCEMENT_PREFERENCE_API_PATH} and the unsubscribe link: ${COUNT} requests each`, TIMEOUT, async () => {
    const { login } = await registerAndLogin(identity);
    const put = await fuzz({ method: 'PUT', path: ANNOUNCEMENT_PREFERENCE_API_PATH, validBodies: [{ subscribed: true }, { subscribed: false }] }, login.token);
    assert.ok((put.byStatus[200] ?? 0) > 0);
    await fuzz({ method: 'POST', path: ANNOUNCEMENT_UNSUBSCRIBE_API_PATH, query: { token: ['A'.repeat(43), 'short'] }, validBodies: [{}] });
  });
});
