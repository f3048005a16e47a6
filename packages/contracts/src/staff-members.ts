import { z } from 'zod';
import { MEMBERSHIP_STATUSES } from './auth-messages.js';
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

export const membershipRequestsAnswerSchema = z.object({
  memberships: z.array(membershipRequestSchema),
  /** How many match the filter, over every page. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Pending requests, whatever the filter (the desk's headline). */
  pending: z.number().int().nonnegative(),
});
export type MembershipRequestsAnswer = z.infer<typeof membershipRequestsAnswerSchema>;

/** 200 from approve / reject: the request as it is now. */
export const membershipDecisionAnswerSchema = z.object({ message: z.string(), membership: membershipRequestSchema });
export type MembershipDecisionAnswer = z.infer<typeof membershipDecisionAnswerSchema>;

/** The last decision about a request: what, who and when. */
export const membershipDecisionRecordSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
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
