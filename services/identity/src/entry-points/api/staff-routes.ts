import { Router } from 'express';
import {
  acceptInvitationRequestSchema,
  auditQuerySchema,
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_SENT_MESSAGE,
  inviteStaffRequestSchema,
  ROLES_GRANTED_MESSAGE,
  SECOND_FACTOR_RESET_MESSAGE,
  setStaffRolesRequestSchema,
  STAFF_COLLEAGUES_API_PATH,
  STAFF_ROLES,
  staffColleaguesQuerySchema,
  type AcceptInvitationAnswer,
  type InviteStaffAnswer,
  type ResetSecondFactorAnswer,
  type StaffListAnswer,
  type StaffMeAnswer,
} from '@tca/contracts';
import { parseBody, requestLang, ValidationError } from '@tca/service-kit';
import { accountUser } from '../../domain/accounts.js';
import { auditPage } from '../../domain/audit.js';
import { hasConfirmedAuthenticator } from '../../domain/two-factor.js';
import { acceptInvitation, colleaguesFor, grantOrInvite, listStaff, resetSecondFactor, setStaffRoles, withdrawInvitation, type StaffMailSettings } from '../../domain/staff.js';
import type { IdentityDeps } from './api-deps.js';
import { sessionOf } from './authenticate.js';
import type { IdentityRateLimits } from './rate-limits.js';
import { actorOf, requireStaff, staffRolesOf } from './staff-auth.js';

/** A path's numeric id (serial columns: 1 to 2^31 - 1); 400 otherwise. */
function idParam(value: string | undefined, field: string): number {
  const id = /^[1-9]\d{0,9}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new ValidationError({ [field]: `${field} must be a number` }, `${field} must be a number.`);
  return id;
}

/**
 * The identity side of the staff area (issue 14), under /staff-api/: who am I, the staff and their roles,
 * invitations, and the audit log. Every call checks the role on the server (requireStaff) except
 * accepting an invitation, which the invitation's token authorises.
 */
export function createStaffRouter(deps: IdentityDeps, limits: IdentityRateLimits, mail: StaffMailSettings): Router {
  const { pool, relay, config } = deps;
  const idle = config.SESSION_IDLE_TIMEOUT_MS;
  const anyStaff = requireStaff(pool, idle, STAFF_ROLES);
  const owner = requireStaff(pool, idle, ['owner']);
  const router = Router();

  router.get('/staff-api/me', ...anyStaff, async (req, res) => {
    const { user } = sessionOf(req);
    const answer: StaffMeAnswer = {
      user: { id: String(user.id), email: user.email, firstName: user.first_name, lastName: user.last_name },
      roles: staffRolesOf(req),
      twoFactorEnrolled: await hasConfirmedAuthenticator(pool, user.id),
    };
    res.json(answer);
  });

  router.get('/staff-api/staff', ...owner, async (_req, res) => {
    const answer: StaffListAnswer = await listStaff(pool);
    res.json(answer);
  });

  // Any staff member: the colleagues who can do a role's work (the support desk's assignee picker asks it).
  router.get(STAFF_COLLEAGUES_API_PATH, ...anyStaff, async (req, res) => {
    const { role } = parseBody(staffColleaguesQuerySchema, { ...req.query });
    res.json(await colleaguesFor(pool, role));
  });

  router.post('/staff-api/invitations', ...owner, async (req, res) => {
    const input = parseBody(inviteStaffRequestSchema, req.body);
    // The invitee has no account (nor language) yet: the invitation is written in the language of the owner's page.
    const result = await grantOrInvite(pool, input.email, input.roles, actorOf(req), { ...mail, lang: requestLang(req.get('accept-language')) });
    if (result.outcome === 'invited') {
      relay.nudge();
      const answer: InviteStaffAnswer = { outcome: 'invited', message: INVITATION_SENT_MESSAGE, invitation: result.invitation };
      res.status(201).json(answer);
      return;
    }
    const answer: InviteStaffAnswer = { outcome: 'granted', message: ROLES_GRANTED_MESSAGE, member: result.member };
    res.json(answer);
  });

  router.post('/staff-api/invitations/accept', limits.acceptInvitationPerIp, async (req, res) => {
    const input = parseBody(acceptInvitationRequestSchema, req.body);
    const { user, roles } = await acceptInvitation(pool, input, req.ip ?? null);
    req.log.info({ userId: user.id }, 'staff invitation accepted');
    const answer: AcceptInvitationAnswer = { message: INVITATION_ACCEPTED_MESSAGE, user: accountUser(user), roles };
    res.status(201).json(answer);
  });

  router.put('/staff-api/staff/:userId/roles', ...owner, async (req, res) => {
    const userId = idParam(String(req.params.userId), 'userId');
    const input = parseBody(setStaffRolesRequestSchema, req.body);
    const member = await setStaffRoles(pool, userId, input.roles, actorOf(req));
    res.json({ member });
  });

  router.delete('/staff-api/staff/:userId', ...owner, async (req, res) => {
    const userId = idParam(String(req.params.userId), 'userId');
    await setStaffRoles(pool, userId, [], actorOf(req));
    res.json({ message: 'Removed from the staff.' });
  });

  router.delete('/staff-api/staff/:userId/second-factor', ...owner, async (req, res) => {
    const userId = idParam(String(req.params.userId), 'userId');
    const member = await resetSecondFactor(pool, userId, actorOf(req));
    req.log.info({ userId }, 'staff second factor reset');
    const answer: ResetSecondFactorAnswer = { message: SECOND_FACTOR_RESET_MESSAGE, member };
    res.json(answer);
  });

  router.delete('/staff-api/invitations/:id', ...owner, async (req, res) => {
    const id = idParam(String(req.params.id), 'id');
    await withdrawInvitation(pool, id, actorOf(req));
    res.json({ message: 'Invitation withdrawn.' });
  });

  router.get('/staff-api/audit', ...owner, async (req, res) => {
    const query = parseBody(auditQuerySchema, { ...req.query });
    res.json(await auditPage(pool, query));
  });

  return router;
}
