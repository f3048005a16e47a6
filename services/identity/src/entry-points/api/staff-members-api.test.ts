import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  MEMBER_NOT_FOUND_MESSAGE,
  MEMBER_SEARCH_SHORT_MESSAGE,
  memberDetailAnswerSchema,
  MEMBERS_EXPORT_COLUMNS,
  membersAnswerSchema,
  membershipAlreadyDecidedAnswerSchema,
  STAFF_ROLE_REQUIRED_MESSAGE,
} from '@tca/contracts';
import { apiError, call, createMembershipBody, createPaidMembership, memberDetails, memberEnding, outboxMails, registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { parseCsv } from '@tca/service-kit/testing';
import { assertQueriesRefused, auditEntries, newStaffMember, staffCall, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * The members desk (issue 15) on the real service: search and facet counts, a member's page without
 * secrets, the streamed CSV roll (BOM, CRLF, Tamil, formula injection, audited), role checks, and two
 * officers deciding one request at once.
 */

let identity: TestIdentity;
let officer: StaffMemberForTest;
let owner: StaffMemberForTest;
let editor: StaffMemberForTest;

before(async () => {
  identity = await startTestIdentity('staff_members');
  officer = await newStaffMember(identity, ['membership_officer']);
  owner = await newStaffMember(identity, ['owner']);
  editor = await newStaffMember(identity, ['editor']);
});
after(async () => {
  await identity?.stop();
});

const search = async (token: string, query: string) => {
  const res = await staffCall(identity, 'GET', `/staff-api/members${query}`, token);
  assert.equal(res.status, 200, await res.clone().text());
  return membersAnswerSchema.parse(await res.json());
};

/** A word no other test's member has, so a search finds only this test's members. */
const uniqueWord = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** A member whose membership (Pending) carries this name. */
async function memberNamed(firstName: string, lastName: string, level: 'Silver-Single' | 'Gold-Single' = 'Silver-Single') {
  const { email, login } = await registerAndLogin(identity, { firstName, lastName });
  const paid = await createPaidMembership(identity, createMembershipBody(login.user.id, email, { membershipName: level, details: memberDetails(email, { firstName, lastName }) }));
  return { email, userId: login.user.id, requestId: paid.requestId };
}

describe('members desk: who may call it', () => {
  it('401 without a session; 403 for an editor (search, member page, export); officer and owner pass', async () => {
    const { userId } = await memberNamed('Anbu', 'Selvan');
    for (const path of ['/staff-api/members', `/staff-api/members/${userId}`, '/staff-api/members/export.csv']) {
      assert.equal((await apiError(await call(identity, path), 401)).error, 'unauthorized', path);
      assert.deepEqual(await apiError(await staffCall(identity, 'GET', path, editor.token), 403), { error: 'forbidden', message: STAFF_ROLE_REQUIRED_MESSAGE }, path);
      for (const who of [officer, owner]) {
        const res = await staffCall(identity, 'GET', path, who.token);
        assert.equal(res.status, 200, path);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        await res.body?.cancel();
      }
    }
  });
});

describe('members desk: search', () => {
  it('finds members by part of the name or e-mail in any case, Tamil included; orders by name; pages', async () => {
    const family = uniqueWord('zq');
    const a = await memberNamed('Kavya', `${family}Raman`);
    const b = await memberNamed('Arun', `${family}Raman`, 'Gold-Single');
    const tamil = await memberNamed('மீனா', `${family}ராமன்`);
    const byPart = await search(officer.token, `?q=${encodeURIComponent(family.toUpperCase().slice(0, 6))}`);
    assert.deepEqual(byPart.members.map((m) => m.name), [`Arun ${family}Raman`, `Kavya ${family}Raman`, `மீனா ${family}ராமன்`]);
    assert.equal(byPart.total, 3);
    assert.deepEqual(byPart.members.map((m) => m.userId), [b.userId, a.userId, tamil.userId]);
    const tamilOnly = await search(officer.token, `?q=${encodeURIComponent('மீனா ' + family)}`);
    assert.deepEqual(tamilOnly.members.map((m) => m.requestId), [tamil.requestId]);
    const byEmail = await search(officer.token, `?q=${encodeURIComponent(a.email.slice(0, -12).toUpperCase())}`);
    assert.deepEqual(byEmail.members.map((m) => m.email), [a.email]);
    const paged = await search(officer.token, `?q=${family}&limit=2&page=2`);
    assert.deepEqual([paged.members.length, paged.total, paged.page, paged.pageSize], [1, 3, 2, 2]);
    const wildcard = await search(officer.token, `?q=${encodeURIComponent('%_%')}`);
    assert.equal(wildcard.total, 0, 'LIKE wildcards are taken literally');
  });

  it('filters by level, status and ends-within, with each facet counted over the other filters', async () => {
    const family = uniqueWord('zf');
    const rename = (requestId: string) => identity.pool.query(`UPDATE memberships SET last_name = $2 WHERE request_id = $1`, [requestId, family]);
    const soon = await memberEnding(identity, 10, 'Active', 'Silver-Single');
    const later = await memberEnding(identity, 100, 'Active', 'Silver-Family');
    const ended = await memberEnding(identity, -1, 'Active', 'Silver-Single');
    const pending = await memberEnding(identity, 200, 'Pending', 'Silver-Single');
    for (const m of [soon, later, ended, pending]) await rename(m.requestId);

    const all = await search(officer.token, `?q=${family}`);
    assert.equal(all.total, 4);
    assert.deepEqual(all.counts.levels, { 'Silver-Single': 3, 'Silver-Family': 1 });
    assert.deepEqual(all.counts.statuses, { Active: 2, Expired: 1, Pending: 1 });

    const silver = await search(officer.token, `?q=${family}&level=Silver-Single`);
    assert.equal(silver.total, 3);
    assert.deepEqual(silver.counts.levels, { 'Silver-Single': 3, 'Silver-Family': 1 }, 'the level facet ignores the level filter');
    assert.deepEqual(silver.counts.statuses, { Active: 1, Expired: 1, Pending: 1 });

    const expired = await search(officer.token, `?q=${family}&status=Expired`);
    assert.deepEqual(expired.members.map((m) => [m.requestId, m.status]), [[ended.requestId, 'Expired']]);
    const active = await search(officer.token, `?q=${family}&status=Active`);
    assert.deepEqual(new Set(active.members.map((m) => m.requestId)), new Set([soon.requestId, later.requestId]));

    const ending = await search(officer.token, `?q=${family}&endsWithinDays=30`);
    assert.deepEqual(ending.members.map((m) => m.requestId), [soon.requestId]);
    assert.deepEqual(ending.counts.statuses, { Active: 1 });
    assert.equal((await search(officer.token, `?q=${family}&endsWithinDays=100`)).total, 2, 'the end day itself is within');
  });

  it('answers 400 with the field for a short search, an unknown level or status, bad numbers or unknown parameters', async () => {
    const short = await apiError(await staffCall(identity, 'GET', '/staff-api/members?q=ab', officer.token), 400);
    assert.equal(short.fields?.q, MEMBER_SEARCH_SHORT_MESSAGE);
    await assertQueriesRefused((query) => staffCall(identity, 'GET', `/staff-api/members${query}`, officer.token), [
      ['?q=%20%20ab%20', 'q'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?level=Platinum', 'level'],
      ['?status=active', 'status'],
      ['?endsWithinDays=0', 'endsWithinDays'],
      ['?endsWithinDays=-3', 'endsWithinDays'],
      ['?endsWithinDays=3651', 'endsWithinDays'],
      ['?limit=101', 'limit'],
      ['?page=0', 'page'],
      ['?q=abc&q=def', 'q'],
      ['?sort=name', 'sort'],
    ]);
  });
});

describe("members desk: a member's page", () => {
  it('shows the account without secrets, every membership with its history and dependants; 404 for no such member', async () => {
    const { userId, requestId, email } = await memberNamed('Selvi', 'Kumar');
    await identity.pool.query(`INSERT INTO membership_dependants (membership_id, relation, position, name, age) SELECT id, 'child', 1, 'Nila', 7 FROM memberships WHERE request_id = $1`, [requestId]);
    await identity.pool.query(`INSERT INTO membership_dependants (membership_id, relation, position, name, age) SELECT id, 'spouse', 0, 'Vel', 40 FROM memberships WHERE request_id = $1`, [requestId]);
    const reason = 'The address could not be confirmed.';
    assert.equal((await staffCall(identity, 'POST', `/staff-api/memberships/${requestId}/reject`, officer.token, { reason })).status, 200);

    const res = await staffCall(identity, 'GET', `/staff-api/members/${userId}`, officer.token);
    assert.equal(res.status, 200);
    const text = await res.text();
    for (const secret of ['password', 'hash', 'secret', 'token', '$argon2']) assert.ok(!text.toLowerCase().includes(secret.toLowerCase()), `no ${secret} in the answer`);
    const detail = memberDetailAnswerSchema.parse(JSON.parse(text));
    assert.deepEqual([detail.account.userId, detail.account.email, detail.account.firstName], [userId, email, 'Selvi']);
    const [membership] = detail.memberships;
    assert.equal(membership?.requestId, requestId);
    assert.equal(membership?.status, 'Rejected');
    assert.deepEqual(
      membership?.history.map((h) => [h.event, h.fromStatus, h.toStatus, h.by, h.reason]),
      [
        ['requested', null, 'Pending', null, null],
        ['rejected', 'Pending', 'Rejected', officer.email, reason],
      ],
    );
    assert.deepEqual(membership?.dependants, [
      { relation: 'spouse', name: 'Vel', age: 40 },
      { relation: 'child', name: 'Nila', age: 7 },
    ]);

    // An Active membership past its end: shown Expired, created Active.
    const ended = await memberEnding(identity, -3, 'Active');
    const endedDetail = memberDetailAnswerSchema.parse(await (await staffCall(identity, 'GET', `/staff-api/members/${ended.userId}`, officer.token)).json());
    assert.deepEqual(
      endedDetail.memberships.map((m) => [m.status, m.history.map((h) => h.toStatus)]),
      [['Expired', ['Active']]],
    );

    for (const id of ['999999', '0', 'abc', '1e3', '99999999999']) {
      assert.deepEqual(await apiError(await staffCall(identity, 'GET', `/staff-api/members/${id}`, officer.token), 404), { error: 'member_not_found', message: MEMBER_NOT_FOUND_MESSAGE }, id);
    }
  });
});

describe('members desk: the roll as CSV', () => {
  it('streams the Active members with a BOM, CRLF and RFC 4180 quoting, Tamil intact, formulas neutralised; audited with the count', async () => {
    const tamil = await memberEnding(identity, 30, 'Active');
    await identity.pool.query(`UPDATE memberships SET first_name = 'மீனாட்சி', last_name = 'சுந்தரம், "அம்மா"' WHERE request_id = $1`, [tamil.requestId]);
    const injected = await memberEnding(identity, 30, 'Active');
    await identity.pool.query(`UPDATE memberships SET first_name = '=HYPERLINK("http://evil.example","x")', last_name = '', phone = '+61412345678' WHERE request_id = $1`, [injected.requestId]);
    const notActive = await memberEnding(identity, 30, 'Pending');

    const res = await staffCall(identity, 'GET', '/staff-api/members/export.csv', officer.token);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.subarray(0, 3).toString('hex'), 'efbbbf', 'UTF-8 byte order mark');
    const text = bytes.toString('utf8').slice(1);
    const [header, ...rows] = parseCsv(text);
    assert.deepEqual(header, [...MEMBERS_EXPORT_COLUMNS]);

    const { rows: active } = await identity.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM memberships WHERE status = 'Active' AND (term <> 'annual' OR ends_on > (now() AT TIME ZONE 'Australia/Adelaide')::date)`,
    );
    assert.equal(rows.length, active[0]?.n);
    const tamilRow = rows.find((r) => r[1] === tamil.email);
    assert.deepEqual(tamilRow?.slice(0, 4), ['மீனாட்சி சுந்தரம், "அம்மா"', tamil.email, '61412345678', 'Silver-Single']);
    assert.match(tamilRow?.[4] ?? '', /^\d{4}-\d{2}-\d{2}$/);
    const injectedRow = rows.find((r) => r[1] === injected.email);
    assert.deepEqual(injectedRow?.slice(0, 3), [`'=HYPERLINK("http://evil.example","x")`, injected.email, "'+61412345678"]);
    assert.ok(!rows.some((r) => r[1] === notActive.email), 'only Active members');

    const entries = (await auditEntries(identity)).filter((e) => e.action === 'members_exported');
    assert.equal(entries.at(-1)?.actor_email, officer.email);
    assert.equal(entries.at(-1)?.summary, `${rows.length} Active members exported as CSV`);
  });

  it('pages through more rows than one keyset page, each once, by name', async () => {
    const { rows: users } = await identity.pool.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    const userId = users[0]?.id;
    await identity.pool.query(
      `INSERT INTO memberships (user_id, request_id, membership_name, term, status, first_name, last_name, email, starts_on, ends_on)
       SELECT $1, 'M-BULK-' || i, 'Silver-Single', 'annual', 'Active', 'Bulk', 'Member ' || lpad(i::text, 4, '0'), 'bulk' || i || '@example.org', current_date, current_date + 365
         FROM generate_series(1, 1203) AS i`,
      [userId],
    );
    const res = await staffCall(identity, 'GET', '/staff-api/members/export.csv', owner.token);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, '')).slice(1);
    const bulk = rows.filter((r) => r[0]?.startsWith('Bulk Member '));
    assert.equal(bulk.length, 1203);
    assert.equal(new Set(bulk.map((r) => r[1])).size, 1203, 'no row twice');
    const names = rows.map((r) => (r[0] ?? '').toLowerCase());
    assert.deepEqual(names, [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)), 'by name');
  });
});

describe('members desk: two officers decide one request at once', () => {
  it('decides it once: one 200, the other 409 with who decided; one decision, one e-mail, one audit entry', async () => {
    const second = await newStaffMember(identity, ['membership_officer']);
    for (let round = 0; round < 3; round += 1) {
      const { requestId, email } = await memberNamed('Tharani', `Race${round}`);
      const [one, two] = await Promise.all([
        staffCall(identity, 'POST', `/staff-api/memberships/${requestId}/approve`, officer.token, {}),
        staffCall(identity, 'POST', `/staff-api/memberships/${requestId}/reject`, second.token, { reason: 'Duplicate request.' }),
      ]);
      const statuses = [one.status, two.status].sort();
      assert.deepEqual(statuses, [200, 409], `round ${round}`);
      const loser = one.status === 409 ? one : two;
      const stale = membershipAlreadyDecidedAnswerSchema.parse(await loser.json());
      assert.match(stale.message, new RegExp(`^${requestId} is no longer Pending: .+ already (approved|rejected) it, and it is (Active|Rejected) now\\. Nothing was changed\\.$`));
      assert.equal((await outboxMails(identity.pool, email)).length, 1);
      const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM membership_decisions d JOIN memberships m ON m.id = d.membership_id WHERE m.request_id = $1', [requestId]);
      assert.equal(rows[0]?.n, 1);
      assert.equal((await auditEntries(identity, requestId)).length, 1);
    }
  });
});
