import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dependantsRequestSchema, internalCancelMembershipPath, MEMBERSHIP_LEVEL_NAMES, SERVICE_TOKEN_HEADER } from '@tca/contracts';
import { answersWith, fuzzAndCheck, fuzzSeed, type FuzzReport, type FuzzTarget } from '@tca/service-kit/testing';
import { createMembershipBody, memberWithPaidMembership, startTestIdentity, TEST_SERVICE_TOKEN, type TestIdentity } from '../../testing/harness.js';

/**
 * The membership endpoints under generated input (issue 13, fuzzing): 1,000 seeded requests per endpoint
 * (rate limits off) — the member's three (Bearer session) and the two /internal ones payments calls (service
 * token) — each answered below 500 and every 4xx with a JSON `error` and `message`; no stored row from a
 * refused request (one membership per 201 of /internal/memberships, none from the member's calls, the stored
 * dependants always one accepted submission); the service still ready after. A failure prints its seed:
 * replay with FUZZ_SEED=<seed> npm test.
 */

const SEED = fuzzSeed(20261127);
const COUNT = 1000;
const TIME_CAP_MS = 30_000;
const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };

let identity: TestIdentity;
/** A member with a paid (Pending) Gold-Family membership. */
let member: Awaited<ReturnType<typeof memberWithPaidMembership>>;
let bearer: Record<string, string>;
const service = { [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN };

before(async () => {
  identity = await startTestIdentity('membership_fuzz');
  member = await memberWithPaidMembership(identity, 'Gold-Family');
  bearer = { Authorization: `Bearer ${member.login.token}` };
});

after(async () => {
  await identity?.stop();
});

async function countRows(table: 'memberships' | 'membership_dependants'): Promise<number> {
  const { rows } = await identity.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? -1;
}


async function fuzz(target: Omit<FuzzTarget, 'baseUrl'>): Promise<FuzzReport> {
  return fuzzAndCheck({ baseUrl: identity.url, ...target }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
}

/** The member's dependants as stored, put back into the request that would store them. */
async function storedDependantsAsRequest() {
  const { rows } = await identity.pool.query<{ relation: string; name: string; age: number }>(
    `SELECT d.relation, d.name, d.age FROM membership_dependants d JOIN memberships m ON m.id = d.membership_id WHERE m.request_id = $1 ORDER BY d.position`,
    [member.requestId],
  );
  const spouses = rows.filter((row) => row.relation === 'spouse');
  assert.ok(spouses.length <= 1, `one spouse at most, found ${spouses.length}`);
  const person = ({ name, age }: { name: string; age: number }) => ({ name, age });
  return {
    userId: member.requestId,
    membershipType: 'Gold-Family',
    spouse: spouses[0] ? person(spouses[0]) : null,
    children: rows.filter((row) => row.relation === 'child').map(person),
  };
}

describe('the membership endpoints under fuzzed requests', () => {
  it(`POST /membership/get (signed in; the body and the Bearer header mutated): ${COUNT} requests, no 5xx, every 4xx a JSON error, nothing stored`, TIMEOUT, async () => {
    const membershipsBefore = await countRows('memberships');
    const report = await fuzz({ path: '/membership/get', validBodies: [{ email: member.email }, {}], headers: bearer, headerParams: { Authorization: [bearer.Authorization ?? ''] } });
    assert.ok(answersWith(report, 200) > 0, 'some generated lookups are valid and answered');
    assert.ok(answersWith(report, 401) > 0, 'a mutated or missing Bearer header is 401');
    assert.equal(await countRows('memberships'), membershipsBefore);
  });

  it(`POST /membership/add (signed in): ${COUNT} requests, no 5xx, every 4xx a JSON error, no membership created`, TIMEOUT, async () => {
    const membershipsBefore = await countRows('memberships');
    const report = await fuzz({
      path: '/membership/add',
      // The old site's submission: the level, the e-mail and the form's other fields (accepted and ignored); an unpaid level is a 402.
      validBodies: [
        { membershipName: 'Gold-Family', email: member.email },
        { membershipName: 'Silver-Single', email: member.email },
        { membershipName: 'Gold-Family', firstName: 'Meera', lastName: 'Raman', phoneNumber: '61412345678', postalCode: '5084' },
      ],
      headers: bearer,
    });
    assert.ok(answersWith(report, 200) > 0, 'the paid level is answered with its record');
    assert.ok(answersWith(report, 402) > 0, 'other levels are payment_required');
    assert.equal(await countRows('memberships'), membershipsBefore, '/membership/add creates nothing');
  });

  it(`POST /membership/add-dependents (signed in): ${COUNT} requests, no 5xx, every 4xx a JSON error, only accepted dependants stored`, TIMEOUT, async () => {
    const membershipsBefore = await countRows('memberships');
    const report = await fuzz({
      path: '/membership/add-dependents',
      validBodies: [
        { userId: member.requestId, membershipType: 'Gold-Family', spouse: { name: 'Kumar Raman', age: 38 }, children: [{ name: 'Anbu', age: 9 }, { name: 'Kayal', age: 4 }] },
        { userId: member.requestId, membershipType: 'Gold-Family', spouse: null, children: [{ name: 'Ilakkiya', age: 17 }] },
      ],
      headers: bearer,
    });
    assert.ok(answersWith(report, 200) > 0, 'some generated submissions are valid and stored');
    assert.equal(await countRows('memberships'), membershipsBefore);
    const stored = await storedDependantsAsRequest();
    assert.ok(stored.children.length > 0, 'a family membership keeps its children');
    const check = dependantsRequestSchema.safeParse(stored);
    assert.ok(check.success, `the stored dependants are a valid submission: ${JSON.stringify(stored)} ${check.error?.message ?? ''}`);
    assert.equal(await countRows('membership_dependants'), (stored.spouse ? 1 : 0) + stored.children.length, 'no dependants of any other membership');
  });

  it(`POST /internal/memberships (service token): ${COUNT} requests, no 5xx, every 4xx a JSON error, one membership per 201`, TIMEOUT, async () => {
    const buyer = await memberWithPaidMembership(identity, 'Silver-Single');
    const membershipsBefore = await countRows('memberships');
    // Fixed checkout session ids: a repeated valid body is the idempotent 200, not another membership.
    const report = await fuzz({
      path: '/internal/memberships',
      validBodies: [
        createMembershipBody(buyer.login.user.id, buyer.email, { checkoutSessionId: 'cs_test_fuzz_gold_single', membershipName: 'Gold-Single', amountTotal: 5000 }),
        createMembershipBody(buyer.login.user.id, buyer.email, { checkoutSessionId: 'cs_test_fuzz_silver_family', membershipName: 'Silver-Family', currency: 'aud' }),
      ] as unknown as Record<string, unknown>[],
      headers: service,
    });
    assert.ok(answersWith(report, 201) > 0, 'some generated memberships are valid and created');
    assert.equal((await countRows('memberships')) - membershipsBefore, answersWith(report, 201), 'exactly one stored membership per 201 answer, none from a refused request');
  });

  it(`GET /internal/memberships/eligibility (service token): ${COUNT} requests, no 5xx, every 4xx a JSON error`, TIMEOUT, async () => {
    const report = await fuzz({
      method: 'GET',
      path: '/internal/memberships/eligibility',
      query: { userId: [member.login.user.id], level: MEMBERSHIP_LEVEL_NAMES },
      headers: service,
    });
    assert.ok(answersWith(report, 200) > 0, 'some generated questions are valid and answered');
    assert.ok(answersWith(report, 400) > 0, 'malformed ones are refused');
  });

  it(`POST /internal/memberships/:requestId/cancel (service token; issue 15): ${COUNT / 4} requests, no 5xx, every 4xx a JSON error, only that membership cancelled`, TIMEOUT, async () => {
    const refunded = await memberWithPaidMembership(identity, 'Silver-Single');
    const report = await fuzzAndCheck(
      { baseUrl: identity.url, path: internalCancelMembershipPath(refunded.requestId), validBodies: [{ reason: 'Paid twice', cancelledBy: 'refund ord_x by treasurer@example.org' }], headers: service },
      { seed: SEED, count: COUNT / 4, timeCapMs: TIME_CAP_MS, concurrency: 4 },
    );
    assert.ok(answersWith(report, 200) > 0, 'some generated bodies are valid');
    const { rows } = await identity.pool.query<{ request_id: string }>("SELECT request_id FROM memberships WHERE status = 'Cancelled'");
    assert.deepEqual(rows.map((row) => row.request_id), [refunded.requestId]);
  });
});
