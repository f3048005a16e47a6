import { Router, type Request } from 'express';
import {
  ANNOUNCEMENT_NOT_FOUND_MESSAGE,
  ANNOUNCEMENT_SENT_MESSAGE,
  announcementDraftSchema,
  announcementPreviewRequestSchema,
  recipientCountRequestSchema,
  sendAnnouncementRequestSchema,
  STAFF_ANNOUNCEMENTS_API_PATH,
  type AnnouncementPreviewAnswer,
  type AnnouncementsAnswer,
  type RecipientCountAnswer,
  type SendAnnouncementAnswer,
} from '@tca/contracts';
import { NotFoundError, parseBody } from '@tca/service-kit';
import {
  announcementDetail,
  announcementSummaries,
  createAnnouncement,
  recipientCount,
  renderAnnouncementMarkdown,
  sendAnnouncement,
} from '../../domain/announcements.js';
import type { IdentityDeps } from './api-deps.js';
import { actorOf, requireStaff } from './staff-auth.js';

/** An announcement id as the desk shows them (a positive integer); anything else is no announcement. */
function idParam(req: Request): number {
  const value = String(req.params.id ?? '');
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new NotFoundError(ANNOUNCEMENT_NOT_FOUND_MESSAGE, 'announcement_not_found');
  return Number(value);
}

/**
 * Announcements (issue 15), for membership officers and owners: the list with delivered / failed / queued
 * counts, a draft, the Markdown preview, the recipient count of a segment, an announcement's page and Send
 * (409 `already_sent` the second time). The e-mails go out from the membership worker (dispatcher).
 */
export function createStaffAnnouncementsRouter(deps: IdentityDeps): Router {
  const { pool, config } = deps;
  const officer = requireStaff(pool, config.SESSION_IDLE_TIMEOUT_MS, ['membership_officer']);
  const router = Router();

  router.get(STAFF_ANNOUNCEMENTS_API_PATH, ...officer, async (_req, res) => {
    const answer: AnnouncementsAnswer = { announcements: await announcementSummaries(pool) };
    res.json(answer);
  });

  router.post(STAFF_ANNOUNCEMENTS_API_PATH, ...officer, async (req, res) => {
    const draft = parseBody(announcementDraftSchema, req.body);
    const created = await createAnnouncement(pool, draft, actorOf(req));
    req.log.info({ announcementId: created.id, by: actorOf(req).userId }, 'announcement drafted');
    res.status(201).json(created);
  });

  router.post(`${STAFF_ANNOUNCEMENTS_API_PATH}/preview`, ...officer, (req, res) => {
    const { body } = parseBody(announcementPreviewRequestSchema, req.body);
    const answer: AnnouncementPreviewAnswer = { html: renderAnnouncementMarkdown(body) };
    res.json(answer);
  });

  router.post(`${STAFF_ANNOUNCEMENTS_API_PATH}/recipient-count`, ...officer, async (req, res) => {
    const { segment } = parseBody(recipientCountRequestSchema, req.body);
    const answer: RecipientCountAnswer = { recipients: await recipientCount(pool, segment) };
    res.json(answer);
  });

  router.get(`${STAFF_ANNOUNCEMENTS_API_PATH}/:id`, ...officer, async (req, res) => {
    res.json(await announcementDetail(pool, idParam(req)));
  });

  router.post(`${STAFF_ANNOUNCEMENTS_API_PATH}/:id/send`, ...officer, async (req, res) => {
    const id = idParam(req);
    parseBody(sendAnnouncementRequestSchema, req.body ?? {});
    const announcement = await sendAnnouncement(pool, id, actorOf(req));
    req.log.info({ announcementId: id, recipients: announcement.recipients, by: actorOf(req).userId }, 'announcement sent');
    const answer: SendAnnouncementAnswer = { message: ANNOUNCEMENT_SENT_MESSAGE, announcement };
    res.json(answer);
  });

  return router;
}
