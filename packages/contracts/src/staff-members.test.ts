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
  rejectMembershipRequestSchema,
} from './index.js';

function messages(result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }): string[] {
  return result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`) ?? [];
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
    for (const [query, expected] of bad) {
      const result = membershipRequestsQuerySchema.safeParse(query);
      assert.equal(result.success, false, JSON.stringify(query));
      assert.match(messages(result).join('\n'), expected, JSON.stringify(query));
    }
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
    for (const [body, expected] of bad) {
      const result = rejectMembershipRequestSchema.safeParse(body);
      assert.equal(result.success, false, JSON.stringify(body));
      assert.match(messages(result).join('\n'), expected, JSON.stringify(body));
    }
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
