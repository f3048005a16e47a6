import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ticketAnswerSchema } from '@tca/contracts';
import { answersWith, fuzzAndCheck, fuzzSeed, type FuzzTarget } from '@tca/service-kit/testing';
import { startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';

/**
 * The support desk's API under generated input (issue 13 fuzzing rules): 100 seeded requests per endpoint,
 * staff ones from a support session, members' from the ticket's member, each answered below 500 with every 4xx
 * a JSON `error` and `message`; exactly one stored conversation entry per 201; the service ready after.
 * A failure prints its seed: replay with FUZZ_SEED=<seed>.
 */

const SEED = fuzzSeed(20261128);
const COUNT = 100;
const TIME_CAP_MS = 20_000;
const T = '/staff-api/content/support/tickets';
const INBOX = '/staff-api/content/support/contact-messages';
const MINE = '/supportdesk/mine/tickets';

let site: StaffContentSite;
let support: string;
let member: string;
let reference: string;

async function entries(): Promise<number> {
  const { rows } = await site.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ticket_messages');
  return rows[0]?.n ?? -1;
}

before(async () => {
  site = await startStaffContentSite('content_support_desk_fuzz');
  support = `Bearer ${site.identity.issue({ id: 'fuzz-sam', email: 'fuzz-sam@example.org' }, { roles: ['support'], secondFactor: true }).token}`;
  member = `Bearer ${site.identity.issue({ id: 'fuzz-member' }).token}`;
  const res = await site.call('POST', '/supportdesk/add', member, { name: 'Fuzz', email: 'fuzz@example.org', phone: '0400000000', issueType: 'general', issueDescription: 'Fuzz me' });
  reference = ticketAnswerSchema.parse(await res.json()).reference;
});

after(async () => {
  await site?.stop();
});

function fuzz(endpoint: Omit<FuzzTarget, 'baseUrl' | 'headers'>, authorization = support) {
  return fuzzAndCheck({ baseUrl: site.url, headers: { Authorization: authorization }, ...endpoint }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
}

describe('the support desk API under fuzzed requests', { timeout: 10 * (TIME_CAP_MS + 10_000) }, () => {
  it(`GET ${T} (query mutated) and GET ${T}/:reference`, async () => {
    await fuzz({ method: 'GET', path: T, query: { status: ['open', 'all'], issueType: ['billing'], order: ['oldest'], page: ['2'] } });
    await fuzz({ method: 'GET', path: `${T}/:reference`, pathParams: { reference: [reference] }, headerParams: { Authorization: [support] } });
  });

  it(`POST ${T}/:reference/replies and /notes: one stored entry per 201`, async () => {
    for (const kind of ['replies', 'notes']) {
      const before = await entries();
      const report = await fuzz({ method: 'POST', path: `${T}/${reference}/${kind}`, validBodies: [{ body: 'Thanks, we are on it.' }] });
      // A reply makes the ticket wait on the member; it stays answerable (not closed).
      assert.ok(answersWith(report, 201) > 0, `some generated ${kind} are valid`);
      assert.equal((await entries()) - before, answersWith(report, 201), 'exactly one entry per 201');
    }
  });

  it(`PUT ${T}/:reference/assignee, POST …/close and …/reopen`, async () => {
    // A person is checked against identity's support staff (the stub's colleagues): the identity call is fuzzed too.
    const assigned = await fuzz({ method: 'PUT', path: `${T}/:reference/assignee`, pathParams: { reference: [reference] }, validBodies: [{ assignee: null }, { assignee: { userId: 'fuzz-sam', email: 'fuzz-sam@example.org' } }] });
    assert.ok(answersWith(assigned, 200) > 0, 'some generated assignments are valid');
    await fuzz({ method: 'GET', path: '/staff-api/content/support/assignees', headerParams: { Authorization: [support] } });
    await fuzz({ method: 'POST', path: `${T}/:reference/close`, pathParams: { reference: [reference] } });
    await fuzz({ method: 'POST', path: `${T}/:reference/reopen`, pathParams: { reference: [reference] } });
  });

  it(`GET ${INBOX} (query mutated), PUT and DELETE ${INBOX}/:id/handled`, async () => {
    const sent = await site.call('POST', '/email/send', undefined, { name: 'F', senderEmail: 'f@example.org', phoneNumber: '0400000000', subject: 'S', message: 'M' });
    const { id } = (await sent.json()) as { id: string };
    await fuzz({ method: 'GET', path: INBOX, query: { handled: ['yes'], page: ['1'] } });
    await fuzz({ method: 'PUT', path: `${INBOX}/:id/handled`, pathParams: { id: [id] } });
    await fuzz({ method: 'DELETE', path: `${INBOX}/:id/handled`, pathParams: { id: [id] } });
  });

  it(`the member's ${MINE}, …/:reference/replies and …/:reference/reopen`, async () => {
    await site.call('POST', `${T}/${reference}/reopen`, support);
    await fuzz({ method: 'GET', path: MINE, headerParams: { Authorization: [member] } }, member);
    const before = await entries();
    const report = await fuzz({ method: 'POST', path: `${MINE}/${reference}/replies`, validBodies: [{ body: 'Here is more detail.' }] }, member);
    assert.equal((await entries()) - before, answersWith(report, 201), 'exactly one entry per 201');
    await fuzz({ method: 'POST', path: `${MINE}/:reference/reopen`, pathParams: { reference: [reference] } }, member);
  });
});
