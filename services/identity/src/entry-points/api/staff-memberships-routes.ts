import { Router, type Request } from 'express';
import {
  alreadyDecidedMessage,
  approveMembershipRequestSchema,
  MEMBERSHIP_APPROVED_MESSAGE,
  MEMBERSHIP_REJECTED_MESSAGE,
  MEMBERSHIP_REQUEST_NOT_FOUND_MESSAGE,
  MEMBERSHIP_REQUESTS_PAGE_DEFAULT,
  membershipRequestSchema,
  membershipRequestsQuerySchema,
  rejectMembershipRequestSchema,
  STAFF_MEMBERSHIPS_API_PATH,
  type MembershipAlreadyDecidedAnswer,
  type MembershipDecisionAnswer,
  type MembershipRequest,
  type MembershipRequestsAnswer,
} from '@tca/contracts';
import { AppError, NotFoundError, parseBody, type Pool } from '@tca/service-kit';
import {
  approveMembership,
  decisionsOf,
  membershipSummary,
  membershipsPage,
  rejectMembership,
  type DecisionSettings,
  type MembershipSummary,
} from '../../domain/membership-decisions.js';
import type { StaffMailSettings } from '../../domain/staff.js';
import type { IdentityDeps } from './api-deps.js';
import { actorOf, requireStaff } from './staff-auth.js';

/** A request ID as the site makes them (M-<year>-<number>; letters, digits, dots, dashes); anything else is no request. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

function requestIdParam(req: Request): string {
  const value = String(req.params.requestId ?? '');
  if (!REQUEST_ID_PATTERN.test(value)) throw new NotFoundError(MEMBERSHIP_REQUEST_NOT_FOUND_MESSAGE, 'membership_not_found');
  return value;
}

const statusSchema = membershipRequestSchema.shape.status;

function shown(summary: MembershipSummary): MembershipRequest {
  return { ...summary, status: statusSchema.parse(summary.status), createdAt: summary.createdAt.toISOString() };
}

/** The request as it stands after a decision someone else made first (409 `already_decided`). */
async function alreadyDecided(pool: Pool, requestId: string): Promise<MembershipAlreadyDecidedAnswer | undefined> {
  const current = await membershipSummary(pool, requestId);
  if (!current) return undefined;
  const last = (await decisionsOf(pool, requestId)).at(-1);
  const lastDecision = last ? { decision: last.decision, decidedBy: last.decidedBy, decidedAt: last.decidedAt.toISOString() } : null;
  return { error: 'already_decided', message: alreadyDecidedMessage(requestId, current.status, lastDecision), current: shown(current), lastDecision };
}

/**
 * The members desk, first slice (issue 14): membership requests for the membership officer (and owners),
 * replacing the approvals of the retired /admin/ console. The same domain calls as the CLI: Pending →
 * Active or Rejected in one transaction with the decision, the audit entry and the member's e-mail in the
 * outbox (relayed at once: the relay is nudged).
 */
export function createStaffMembershipsRouter(deps: IdentityDeps, mail: StaffMailSettings): Router {
  const { pool, relay, config } = deps;
  const officer = requireStaff(pool, config.SESSION_IDLE_TIMEOUT_MS, ['membership_officer']);
  const router = Router();

  const settingsFor = (req: Request): DecisionSettings => {
    const actor = actorOf(req);
    return { decidedBy: actor.email, actor, brand: mail.brand, publicUrl: mail.publicUrl };
  };

  router.get(STAFF_MEMBERSHIPS_API_PATH, ...officer, async (req, res) => {
    const query = parseBody(membershipRequestsQuerySchema, { ...req.query });
    const page = await membershipsPage(pool, query, MEMBERSHIP_REQUESTS_PAGE_DEFAULT);
    const answer: MembershipRequestsAnswer = { ...page, memberships: page.memberships.map(shown) };
    res.json(answer);
  });

  router.post(`${STAFF_MEMBERSHIPS_API_PATH}/:requestId/:decision`, ...officer, async (req, res) => {
    const requestId = requestIdParam(req);
    const { decision } = req.params;
    if (decision !== 'approve' && decision !== 'reject') throw new NotFoundError(`There is no decision "${String(decision)}": approve or reject.`, 'not_found');
    const settings = settingsFor(req);
    const reason = decision === 'reject' ? parseBody(rejectMembershipRequestSchema, req.body).reason : undefined;
    if (decision === 'approve') parseBody(approveMembershipRequestSchema, req.body ?? {});
    try {
      const result = reason === undefined ? await approveMembership(pool, requestId, settings) : await rejectMembership(pool, requestId, reason, settings);
      relay.nudge();
      req.log.info({ requestId: result.requestId, decision, by: settings.actor.userId }, 'membership decided in the staff area');
      const now = await membershipSummary(pool, result.requestId);
      if (!now) throw new NotFoundError(MEMBERSHIP_REQUEST_NOT_FOUND_MESSAGE, 'membership_not_found');
      const answer: MembershipDecisionAnswer = { message: decision === 'approve' ? MEMBERSHIP_APPROVED_MESSAGE : MEMBERSHIP_REJECTED_MESSAGE, membership: shown(now) };
      res.json(answer);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'not_pending') throw err;
      const answer = await alreadyDecided(pool, requestId);
      if (!answer) throw err;
      res.status(409).json(answer);
    }
  });

  return router;
}
