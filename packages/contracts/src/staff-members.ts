import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from './auth-messages.js';
import { MEMBERSHIP_LEVEL_NAMES } from './membership-rules.js';
import { textField } from './text-field.js';

/**
 * The members desk, first slice (issue 14): membership requests for the membership officer (and owners),
 * under /staff-api/memberships. It replaces the approvals of the retired Basic-auth console at /admin/:
 * the same decisions (Pending → Active or Rejected), the same e-mails to the member.
 */

export const STAFF_MEMBERSHIPS_API_PATH = '/staff-api/memberships';

/** The longest reason a rejection may give (it is e-mailed to the member). */
export const MEMBERSHIP_REJECTION_REASON_MAX = 1000;

export const MEMBERSHIP_REQUESTS_PAGE_MAX = 100;
export const MEMBERSHIP_REQUESTS_PAGE_DEFAULT = 25;

export type MembershipStatusFilter = (typeof MEMBERSHIP_STATUSES)[number];

const pageNumber = (label: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${label} must be a number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${label} must be a number from 1 to ${max}`).max(max, `${label} must be a number from 1 to ${max}`));

/**
 * GET /staff-api/memberships?status=&page=&limit=: without a status, Pending requests first (oldest first,
 * the queue to decide), then the rest newest first; with a status, only those (oldest first). `page` counts from 1.
 */
export const membershipRequestsQuerySchema = z
  .object({
    status: z.enum(MEMBERSHIP_STATUSES, `Status must be one of ${MEMBERSHIP_STATUSES.join(', ')}`).optional(),
    page: pageNumber('page', 100_000).optional(),
    limit: pageNumber('limit', MEMBERSHIP_REQUESTS_PAGE_MAX).optional(),
  })
  .strict();
export type MembershipRequestsQuery = z.infer<typeof membershipRequestsQuerySchema>;

/** POST /staff-api/memberships/:requestId/approve: no fields. */
export const approveMembershipRequestSchema = z.object({}).strict();

/** POST /staff-api/memberships/:requestId/reject: the reason, e-mailed to the member. */
export const rejectMembershipRequestSchema = z
  .object({
    reason: textField('The reason')
      .trim()
      .min(1, 'Give a reason: the member is e-mailed it')
      .max(MEMBERSHIP_REJECTION_REASON_MAX, `The reason may have at most ${MEMBERSHIP_REJECTION_REASON_MAX} characters`),
  })
  .strict();
export type RejectMembershipRequest = z.infer<typeof rejectMembershipRequestSchema>;

/** A membership request as the desk lists it (what the console showed: request ID, member, e-mail, level, status, created). */
export const membershipRequestSchema = z.object({
  requestId: z.string(),
  membershipName: z.string(),
  term: z.enum(['annual', 'life-time']),
  /** As the member sees it (Expired computed). */
  status: z.enum(MEMBERSHIP_STATUSES),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  dependants: z.number().int().nonnegative(),
});
export type MembershipRequest = z.infer<typeof membershipRequestSchema>;

/** A page of a staff list: how many match the filter over every page, which page, its size. */
const pageFields = {
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
};

export const membershipRequestsAnswerSchema = z.object({
  memberships: z.array(membershipRequestSchema),
  ...pageFields,
  /** Pending requests, whatever the filter (the desk's headline). */
  pending: z.number().int().nonnegative(),
});
export type MembershipRequestsAnswer = z.infer<typeof membershipRequestsAnswerSchema>;

/** 200 from approve / reject: the request as it is now. */
export const membershipDecisionAnswerSchema = z.object({ message: z.string(), membership: membershipRequestSchema });
export type MembershipDecisionAnswer = z.infer<typeof membershipDecisionAnswerSchema>;

/** The last decision about a request: what, who and when. */
export const membershipDecisionRecordSchema = z.object({
  decision: z.enum(['approved', 'rejected', 'cancelled']),
  decidedBy: z.string(),
  decidedAt: z.string(),
});

/** 409 from approve / reject when the request is no longer Pending (someone decided it meanwhile): how it stands now. */
export const membershipAlreadyDecidedAnswerSchema = z.object({
  error: z.literal('already_decided'),
  message: z.string(),
  current: membershipRequestSchema,
  lastDecision: membershipDecisionRecordSchema.nullable(),
});
export type MembershipAlreadyDecidedAnswer = z.infer<typeof membershipAlreadyDecidedAnswerSchema>;

export const MEMBERSHIP_REQUEST_NOT_FOUND_MESSAGE = 'There is no membership request with this request ID.';

/** What the 409 says: who decided, and how the request stands now. */
export function alreadyDecidedMessage(requestId: string, status: string, last: { decision: string; decidedBy: string } | null): string {
  const who = last ? `${last.decidedBy} already ${last.decision} it` : 'It was already decided';
  return `${requestId} is no longer Pending: ${who}, and it is ${status} now. Nothing was changed.`;
}

export const MEMBERSHIP_APPROVED_MESSAGE = 'Approved: the membership is Active and the member has been e-mailed.';
export const MEMBERSHIP_REJECTED_MESSAGE = 'Rejected: the member has been e-mailed the reason.';

// ---------------------------------------------------------------------------------------------
// The members desk (issue 15): search, a member's page, the roll as CSV
// ---------------------------------------------------------------------------------------------

export const STAFF_MEMBERS_API_PATH = '/staff-api/members';
/** GET: the roll of Active members as CSV (streamed). */
export const STAFF_MEMBERS_EXPORT_PATH = `${STAFF_MEMBERS_API_PATH}/export.csv`;

export const MEMBERS_PAGE_MAX = 100;
export const MEMBERS_PAGE_DEFAULT = 25;
/** A search needs three characters: the trigram index finds nothing shorter (pg_trgm matches three at a time). */
export const MEMBER_SEARCH_MIN = 3;
export const MEMBER_SEARCH_MAX = 100;
export const ENDS_WITHIN_DAYS_MAX = 3650;

export const MEMBER_SEARCH_SHORT_MESSAGE = `Type at least ${MEMBER_SEARCH_MIN} characters of a name or e-mail address`;
export const MEMBER_NOT_FOUND_MESSAGE = 'There is no member with this ID.';

/**
 * GET /staff-api/members?q=&level=&status=&endsWithinDays=&page=&limit= (membership officer, owner): one row
 * per membership, by name (with `endsWithinDays`, soonest end first; with status Expired, most recently
 * ended first). `q` matches part of the name or e-mail (any case); `status` is as the member sees it (Expired
 * computed); `endsWithinDays` keeps the Active ones whose end is within that many days (today excluded: it
 * has ended). Query-string values are strings.
 */
export const membersQuerySchema = z
  .object({
    q: textField('The search')
      .trim()
      .min(MEMBER_SEARCH_MIN, MEMBER_SEARCH_SHORT_MESSAGE)
      .max(MEMBER_SEARCH_MAX, `The search may have at most ${MEMBER_SEARCH_MAX} characters`)
      .optional(),
    level: z.enum(MEMBERSHIP_LEVEL_NAMES, `Level must be one of ${MEMBERSHIP_LEVEL_NAMES.join(', ')}`).optional(),
    status: z.enum(MEMBERSHIP_STATUSES, `Status must be one of ${MEMBERSHIP_STATUSES.join(', ')}`).optional(),
    endsWithinDays: pageNumber('endsWithinDays', ENDS_WITHIN_DAYS_MAX).optional(),
    page: pageNumber('page', 100_000).optional(),
    limit: pageNumber('limit', MEMBERS_PAGE_MAX).optional(),
  })
  .strict();
export type MembersQuery = z.infer<typeof membersQuerySchema>;

/** A membership as the desk lists it, with the member it belongs to (the member's page is /staff/members/:userId). */
/** A membership's level, period and status (as the member sees it), and the details given with it. */
const membershipFields = {
  requestId: z.string(),
  level: z.string(),
  term: z.enum(['annual', 'life-time']),
  status: z.enum(MEMBERSHIP_STATUSES),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
};

export const memberRowSchema = z.object({ userId: z.string(), ...membershipFields });
export type MemberRow = z.infer<typeof memberRowSchema>;

/**
 * The answer: a page of rows, how many match, and facet counts. Each facet is counted over the other
 * filters (search, ends within, and the other facet) but not its own, so every level and status shows how
 * many picking it would find.
 */
export const membersAnswerSchema = z.object({
  members: z.array(memberRowSchema),
  ...pageFields,
  counts: z.object({
    levels: z.record(z.string(), z.number().int().nonnegative()),
    statuses: z.record(z.string(), z.number().int().nonnegative()),
  }),
});
export type MembersAnswer = z.infer<typeof membersAnswerSchema>;

/** A status change of a membership: created (from null), approved, rejected, or another recorded change. */
export const membershipHistoryEntrySchema = z.object({
  at: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  /** 'requested' for the first entry, else the recorded decision (approved, rejected, …). */
  event: z.string(),
  by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type MembershipHistoryEntry = z.infer<typeof membershipHistoryEntrySchema>;

export const memberDependantSchema = z.object({ relation: z.enum(['spouse', 'child']), name: z.string(), age: z.number().int() });

export const memberMembershipSchema = z.object({
  ...membershipFields,
  /** What Checkout reported as paid, in cents (null for rows from before payments were recorded). */
  amountTotal: z.number().int().nullable(),
  currency: z.string().nullable(),
  address: z.string(),
  history: z.array(membershipHistoryEntrySchema),
  dependants: z.array(memberDependantSchema),
});
export type MemberMembership = z.infer<typeof memberMembershipSchema>;

/** GET /staff-api/members/:userId: the account without secrets, every membership newest first. */
export const memberDetailAnswerSchema = z.object({
  account: z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    createdAt: z.string(),
  }),
  memberships: z.array(memberMembershipSchema),
});
export type MemberDetailAnswer = z.infer<typeof memberDetailAnswerSchema>;

/** The roll's columns, in order (the CSV's header row). */
export const MEMBERS_EXPORT_COLUMNS = ['Name', 'E-mail', 'Phone', 'Level', 'Start', 'End'] as const;
