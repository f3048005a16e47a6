import express, { Router, type Request, type Response } from 'express';
import {
  ANNOUNCEMENT_PREFERENCE_API_PATH,
  ANNOUNCEMENT_UNSUBSCRIBE_API_PATH,
  announcementPreferenceSchema,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  type AnnouncementPreference,
} from '@tca/contracts';
import { ASSOCIATION_NAME, escapeHtml, parseBody } from '@tca/service-kit';
import { isSubscribed, setSubscribed, unsubscribeWithToken } from '../../domain/announcements.js';
import type { IdentityDeps } from './api-deps.js';
import { requireSession, sessionOf } from './authenticate.js';

/** A small page of its own (the unsubscribe link is opened from an e-mail, outside the site's shell). */
function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .send(
      [
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        `<title>${escapeHtml(title)} - ${escapeHtml(ASSOCIATION_NAME)}</title></head>`,
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
      ].join(''),
    );
}

function tokenOf(req: Request): string {
  const token = req.query.token;
  return typeof token === 'string' ? token : '';
}

/**
 * Announcements for members (issue 15):
 * - GET / PUT /membership/announcements/preference: the signed-in member's choice ({ subscribed }).
 * - POST /membership/announcements/unsubscribe?token=: RFC 8058 one-click (the mail client posts
 *   `List-Unsubscribe=One-Click`; the token in the address is the authority, so any body is accepted), 200
 *   without a session. GET shows a page with a button that posts the same: a GET never unsubscribes (mail
 *   scanners open links). Both answer 404 for a token that is not one of ours.
 */
export function createAnnouncementRouter({ pool, config }: IdentityDeps): Router {
  const router = Router();
  const authenticated = requireSession(pool, config.SESSION_IDLE_TIMEOUT_MS);

  router.get(ANNOUNCEMENT_PREFERENCE_API_PATH, authenticated, async (req, res) => {
    const answer: AnnouncementPreference = { subscribed: await isSubscribed(pool, sessionOf(req).user.id) };
    res.json(answer);
  });

  router.put(ANNOUNCEMENT_PREFERENCE_API_PATH, authenticated, async (req, res) => {
    const { subscribed } = parseBody(announcementPreferenceSchema, req.body);
    const userId = sessionOf(req).user.id;
    await setSubscribed(pool, userId, subscribed);
    req.log.info({ userId, subscribed }, 'announcement preference changed');
    const answer: AnnouncementPreference = { subscribed };
    res.json(answer);
  });

  router.get(ANNOUNCEMENT_UNSUBSCRIBE_API_PATH, (req, res) => {
    const action = `${ANNOUNCEMENT_UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(tokenOf(req))}`;
    page(
      res,
      200,
      'Unsubscribe from announcements',
      `<p>Press the button to receive no more announcements from the ${escapeHtml(ASSOCIATION_NAME)}. Receipts and replies to your messages still reach you.</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  router.post(ANNOUNCEMENT_UNSUBSCRIBE_API_PATH, express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const done = await unsubscribeWithToken(pool, tokenOf(req));
    const fromPage = req.accepts(['json', 'html']) === 'html';
    req.log.info({ unsubscribed: done, oneClick: String((req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] ?? '') === 'One-Click' }, 'announcement unsubscribe');
    if (fromPage) {
      if (done) page(res, 200, 'You are unsubscribed', `<p>${escapeHtml(UNSUBSCRIBED_MESSAGE)}</p>`);
      else page(res, 404, 'Unsubscribe link not valid', `<p>${escapeHtml(UNSUBSCRIBE_LINK_INVALID_MESSAGE)}</p>`);
      return;
    }
    if (done) res.json({ message: UNSUBSCRIBED_MESSAGE });
    else res.status(404).json({ error: 'not_found', message: UNSUBSCRIBE_LINK_INVALID_MESSAGE });
  });

  return router;
}
