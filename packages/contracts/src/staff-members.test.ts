import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  alreadyDecidedMessage,
  approveMembershipRequestSchema,
  AUDIT_ACTIONS,
  MEMBERSHIP_REJECTION_REASON_MAX,
  MEMBERSHIP_REQUESTS_PAGE_MAX,
  membershipAlreadyDecidedAnswerSchema,
  membershipRequestsAnswerSchema,
  membershipRequestsQuerySchema,
  MEMBER_SEARCH_SHORT_MESSAGE,
  memberDetailAnswerSchema,
  MEMBERS_EXPORT_COLUMNS,
  membersAnswerSchema,
  membersQuerySchema,
  rejectMembershipRequestSchema,
} from './index.js';
import { problems, type Parser } from './testing/schema-checks.js';

/** Each input is refused, with a `field: message` matching its pattern (the first message per field, as a 400 names them). */
function assertRefused(schema: Parser, bad: ReadonlyArray<[unknown, RegExp]>): void {
  for (const [input, expected] of bad) {
    const found = Object.entries(problems(schema, input)).map(([field, message]) => `${field}: ${message}`);
    assert.ok(found.length > 0, `refused: ${JSON.stringify(input)}`);
    assert.match(found.join('\n'), expected, JSON.stringify(input));
  }
}

const request = {
  requestId: 'REQ-20270115-ABCD',
  membershipName: 'Family',
  term: 'annual',
  status: 'Pending',
  name: 'Kavya Raman',
  email: 'kavya@example.org',
  createdAt: '2027-01-15T01:00:00.000Z',
  startsOn: null,
  endsOn: null,
  dependants: 2,
};

describe('staff members: membership requests query', () => {
  it('takes a status, a page and a limit as query strings', () => {
    assert.deepEqual(membershipRequestsQuerySchema.parse({}), {});
    assert.deepEqual(membershipRequestsQuerySchema.parse({ status: 'Pending', page: '2', limit: '10' }), { status: 'Pending', page: 2, limit: 10 });
  });

  it('refuses an unknown status, pages out of range and unknown fields, with messages', () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ status: 'pending' }, /status: Status must be one of Active, Pending/],
      [{ page: '0' }, /page: page must be a number from 1/],
      [{ page: '-1' }, /page: page must be a number/],
      [{ limit: String(MEMBERSHIP_REQUESTS_PAGE_MAX + 1) }, /limit: limit must be a number from 1 to 100/],
      [{ limit: '1e3' }, /limit: limit must be a number/],
      [{ page: ['1', '2'] }, /page/],
      [{ sort: 'name' }, /sort/],
    ];
    assertRefused(membershipRequestsQuerySchema, bad);
  });
});

describe('staff members: decisions', () => {
  it('approves with an empty body only', () => {
    assert.ok(approveMembershipRequestSchema.safeParse({}).success);
    assert.equal(approveMembershipRequestSchema.safeParse({ reason: 'x' }).success, false);
  });

  it('rejects only with a trimmed reason of at most the limit, without characters the database cannot store', () => {
    assert.deepEqual(rejectMembershipRequestSchema.parse({ reason: '  The passport copy is unreadable.  ' }), { reason: 'The passport copy is unreadable.' });
    assert.ok(rejectMembershipRequestSchema.safeParse({ reason: 'x'.repeat(MEMBERSHIP_REJECTION_REASON_MAX) }).success);
    const bad: Array<[unknown, RegExp]> = [
      [{}, /reason/],
      [{ reason: '   ' }, /Give a reason: the member is e-mailed it/],
      [{ reason: 'x'.repeat(MEMBERSHIP_REJECTION_REASON_MAX + 1) }, /at most 1000 characters/],
      [{ reason: 'a\u0000b' }, /not allowed/],
      [{ reason: 42 }, /reason/],
      [{ reason: 'ok', extra: true }, /extra/],
    ];
    assertRefused(rejectMembershipRequestSchema, bad);
  });

  it('records decisions in the audit log under their own actions', () => {
    assert.ok(AUDIT_ACTIONS.includes('membership_approved'));
    assert.ok(AUDIT_ACTIONS.includes('membership_rejected'));
  });
});

describe('staff members: answers', () => {
  it('describes a page of requests and the 409 of a request decided meanwhile', () => {
    assert.ok(membershipRequestsAnswerSchema.safeParse({ memberships: [request], total: 1, page: 1, pageSize: 25, pending: 1 }).success);
    assert.equal(membershipRequestsAnswerSchema.safeParse({ memberships: [{ ...request, status: 'Paid' }], total: 1, page: 1, pageSize: 25, pending: 0 }).success, false);
    const stale = {
      error: 'already_decided',
      message: alreadyDecidedMessage(request.requestId, 'Active', { decision: 'approved', decidedBy: 'officer@example.org' }),
      current: { ...request, status: 'Active' },
      lastDecision: { decision: 'approved', decidedBy: 'officer@example.org', decidedAt: '2027-01-16T00:00:00.000Z' },
    };
    assert.ok(membershipAlreadyDecidedAnswerSchema.safeParse(stale).success);
    assert.equal(stale.message, 'REQ-20270115-ABCD is no longer Pending: officer@example.org already approved it, and it is Active now. Nothing was changed.');
    assert.match(alreadyDecidedMessage('REQ-1', 'Rejected', null), /It was already decided, and it is Rejected now/);
  });
});

describe('the members desk: search query', () => {
  it('takes a trimmed search, a level, a status, ends within N days and a page, as query strings', () => {
    assert.deepEqual(membersQuerySchema.parse({}), {});
    assert.deepEqual(membersQuerySchema.parse({ q: '  மீனா ', level: 'Gold-Family', status: 'Expired', endsWithinDays: '30', page: '2', limit: '50' }), {
      q: 'மீனா',
      level: 'Gold-Family',
      status: 'Expired',
      endsWithinDays: 30,
      page: 2,
      limit: 50,
    });
  });

  it('refuses a short or long search, unknown levels and statuses, days out of range and unknown fields, with messages', () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ q: ' ab ' }, new RegExp(`q: ${MEMBER_SEARCH_SHORT_MESSAGE}`)],
      [{ q: 'x'.repeat(101) }, /q: The search may have at most 100 characters/],
      [{ q: 'ab\u0000c' }, /q: .*not allowed/],
      [{ level: 'Platinum' }, /level: Level must be one of Silver-Single/],
      [{ status: 'active' }, /status: Status must be one of Active/],
      [{ endsWithinDays: '0' }, /endsWithinDays: endsWithinDays must be a number from 1 to 3650/],
      [{ endsWithinDays: '3651' }, /endsWithinDays/],
      [{ limit: '101' }, /limit/],
      [{ sort: 'name' }, /sort/],
    ];
    assertRefused(membersQuerySchema, bad);
  });
});

describe('the members desk: answers', () => {
  const row = { userId: '7', requestId: 'M-2026-000001', name: 'Kavya Raman', email: 'kavya@example.org', phone: '', level: 'Silver-Single', term: 'annual', status: 'Active', startsOn: '2026-03-08', endsOn: '2027-03-08', createdAt: '2026-03-08T00:00:00.000Z' };

  it('describes a page with its facet counts, and a member with memberships, history and dependants', () => {
    assert.ok(membersAnswerSchema.safeParse({ members: [row], total: 1, page: 1, pageSize: 25, counts: { levels: { 'Silver-Single': 1 }, statuses: { Active: 1 } } }).success);
    assert.equal(membersAnswerSchema.safeParse({ members: [{ ...row, status: 'Paid' }], total: 1, page: 1, pageSize: 25, counts: { levels: {}, statuses: {} } }).success, false);
    const { userId: _userId, ...membership } = row;
    const detail = {
      account: { userId: '7', email: 'kavya@example.org', firstName: 'Kavya', lastName: 'Raman', phoneNumber: '', createdAt: row.createdAt },
      memberships: [
        {
          ...membership,
          amountTotal: 1000,
          currency: 'aud',
          address: '',
          history: [{ at: row.createdAt, fromStatus: null, toStatus: 'Pending', event: 'requested', by: null, reason: null }],
          dependants: [{ relation: 'child', name: 'Nila', age: 7 }],
        },
      ],
    };
    assert.ok(memberDetailAnswerSchema.safeParse(detail).success);
  });

  it('names the roll\'s columns and audits its export', () => {
    assert.deepEqual([...MEMBERS_EXPORT_COLUMNS], ['Name', 'E-mail', 'Phone', 'Level', 'Start', 'End']);
    assert.ok(AUDIT_ACTIONS.includes('members_exported'));
  });
});
