import { once } from 'node:events';
import { Router, type Response } from 'express';
import { MEMBER_NOT_FOUND_MESSAGE, MEMBERS_PAGE_DEFAULT, membersQuerySchema, STAFF_MEMBERS_API_PATH, STAFF_MEMBERS_EXPORT_PATH } from '@tca/contracts';
import { NotFoundError, parseBody } from '@tca/service-kit';
import { MEMBERSHIP_TIME_ZONE } from '../../data-access/membership-repository.js';
import { exportRoll, memberDetail, membersPage } from '../../domain/members-desk.js';
import type { IdentityDeps } from './api-deps.js';
import { actorOf, requireStaff } from './staff-auth.js';

/** Today in Adelaide as YYYY-MM-DD (the export's file name). */
function adelaideToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: MEMBERSHIP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Writes a chunk, waiting for the socket to drain when its buffer is full; rejects once the client has gone. */
function writerOf(res: Response): (chunk: string) => Promise<void> {
  return async (chunk) => {
    if (res.destroyed) throw new Error('the client closed the export');
    if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };
}

/**
 * The members desk (issue 15), for membership officers and owners: search and facet counts, a member's
 * page, and the roll of Active members as a streamed CSV download (audited).
 */
export function createStaffMembersRouter(deps: IdentityDeps): Router {
  const { pool, config } = deps;
  const officer = requireStaff(pool, config.SESSION_IDLE_TIMEOUT_MS, ['membership_officer']);
  const router = Router();

  router.get(STAFF_MEMBERS_API_PATH, ...officer, async (req, res) => {
    const query = parseBody(membersQuerySchema, { ...req.query });
    res.json(await membersPage(pool, query, MEMBERS_PAGE_DEFAULT));
  });

  router.get(STAFF_MEMBERS_EXPORT_PATH, ...officer, async (req, res) => {
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="members-${adelaideToday()}.csv"`);
    try {
      const count = await exportRoll(pool, actorOf(req), writerOf(res));
      req.log.info({ count, by: actorOf(req).userId }, 'members roll exported');
      res.end();
    } catch (err) {
      // The headers are gone: a failure can only cut the download short, so the client sees it incomplete.
      req.log.warn({ err }, 'members roll export stopped');
      res.destroy();
    }
  });

  router.get(`${STAFF_MEMBERS_API_PATH}/:userId`, ...officer, async (req, res) => {
    const raw = String(req.params.userId ?? '');
    const userId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
    const detail = Number.isSafeInteger(userId) && userId <= 2_147_483_647 ? await memberDetail(pool, userId) : undefined;
    if (!detail) throw new NotFoundError(MEMBER_NOT_FOUND_MESSAGE, 'member_not_found');
    res.json(detail);
  });

  return router;
}
