/**
 * The operator console at /admin/ (README "Operator console"): membership requests to approve or reject,
 * and the BullMQ dashboard (/admin/queues) to see stuck or failed jobs (read-only, e-mail bodies hidden). HTTP Basic with
 * OPERATOR_USER / OPERATOR_PASSWORD; not mounted at all (so 404) while OPERATOR_PASSWORD is unset.
 *
 * CSRF: Basic credentials are sent by the browser automatically, and there is no session to hold a
 * token, so every unsafe request must come from the console's own origin: `Sec-Fetch-Site: same-origin`,
 * or else an Origin (or Referer) equal to this request's origin. The pages send `Referrer-Policy: same-origin`.
 */
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { isStorableText, unstorableTextMessage } from '@tca/contracts';
import { AppError, NotFoundError } from '@tca/service-kit';
import type { IdentityDeps } from '../api/api-deps.js';
import { brandFor } from '../../domain/account-emails.js';
import {
  approveMembership,
  isMembershipStatus,
  listMemberships,
  rejectMembership,
  REJECTION_REASON_MAX,
  type DecisionSettings,
} from '../../domain/membership-decisions.js';
import { operatorAuth } from './operator-auth.js';
import { CONSOLE_CSS, homePage, membershipsPage, messagePage } from './console-pages.js';
import { createQueueDashboard, QUEUES_PATH } from './queue-dashboard.js';

export const CONSOLE_PATH = '/admin';

/**
 * The console's own Content-Security-Policy (it replaces the service's default): scripts and styles from
 * this origin only (bull-board's UI is served from /admin/queues/static), its inline styles, and the
 * Google Fonts stylesheet bull-board links to. No framing, forms only to this origin.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** This request's origin as the visitor sees it (behind the gateway: X-Forwarded-Proto and the forwarded Host). */
function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Whether an unsafe request comes from the console's own pages (see the module comment). */
export function sameOriginRequest(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const origin = req.get('origin');
  if (origin !== undefined && origin !== 'null') return origin === ownOrigin(req);
  const referer = req.get('referer');
  if (referer !== undefined) return originOf(referer) === ownOrigin(req);
  return false;
}

const consoleHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('Content-Security-Policy', CONSOLE_CSP);
  res.setHeader('X-Robots-Tag', 'noindex');
  next();
};

const csrfCheck: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method) || sameOriginRequest(req)) {
    next();
    return;
  }
  res.status(403).type('html').send(messagePage('Request refused', 'This form was not sent from the operator console itself, so it was refused. Open the console and try again.'));
};

function html(res: Response, status: number, body: string): void {
  res.status(status).type('html').send(body);
}

function statusFilter(value: unknown): { status?: string; invalid?: string } {
  if (typeof value !== 'string' || value === '') return {};
  return isMembershipStatus(value) ? { status: value } : { invalid: value };
}

/** The console's routes, all under /admin; undefined while OPERATOR_PASSWORD is unset (the console is off). */
export function createOperatorConsole(deps: IdentityDeps): Router | undefined {
  const password = deps.config.OPERATOR_PASSWORD;
  if (password === undefined) return undefined;
  const user = deps.config.OPERATOR_USER;
  const settings: DecisionSettings = { decidedBy: `console:${user}`, actor: { userId: null, email: `console:${user}`, ip: null }, brand: brandFor(deps.config.PUBLIC_URL), publicUrl: deps.config.PUBLIC_URL };
  const log = deps.logger.child({ component: 'operator-console' });

  const router = Router();
  router.use(CONSOLE_PATH, consoleHeaders, ...operatorAuth(deps, password), csrfCheck);

  router.get(`${CONSOLE_PATH}/console.css`, (_req, res) => {
    res.type('css').send(CONSOLE_CSS);
  });
  router.get(`${CONSOLE_PATH}/`, (_req, res) => html(res, 200, homePage(user)));
  router.get(CONSOLE_PATH, (_req, res) => res.redirect(301, `${CONSOLE_PATH}/`));

  async function renderList(res: Response, httpStatus: number, status: string | undefined, extra: { notice?: string; error?: string } = {}): Promise<void> {
    const memberships = await listMemberships(deps.pool, status !== undefined && isMembershipStatus(status) ? { status } : {});
    html(res, httpStatus, membershipsPage({ memberships, status, ...extra }));
  }

  router.get(`${CONSOLE_PATH}/memberships`, async (req, res) => {
    const filter = statusFilter(req.query.status);
    if (filter.invalid !== undefined) {
      await renderList(res, 400, undefined, { error: `There is no membership status "${filter.invalid}".` });
      return;
    }
    const done = req.query.done;
    const request = typeof req.query.request === 'string' ? req.query.request : '';
    const notice =
      done === 'approved' ? `Approved ${request}: it is Active and the member has been e-mailed.` : done === 'rejected' ? `Rejected ${request}: the member has been e-mailed the reason.` : undefined;
    await renderList(res, 200, filter.status, notice ? { notice } : {});
  });

  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });
  router.post(`${CONSOLE_PATH}/memberships/:requestId/:decision`, form, async (req, res) => {
    const { requestId, decision } = req.params;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const back = statusFilter(body.status).status;
    if (decision !== 'approve' && decision !== 'reject') {
      html(res, 404, messagePage('Not found', `There is no decision "${decision}": approve or reject.`));
      return;
    }
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    try {
      // The one route that takes text without a contracts schema: keep what PostgreSQL cannot store (NUL) away from it.
      if (!isStorableText(requestId)) throw new NotFoundError('There is no membership with that request ID.', 'membership_not_found');
      if (decision === 'reject') {
        if (!isStorableText(reason)) {
          await renderList(res, 400, back, { error: `${unstorableTextMessage('The reason')}.` });
          return;
        }
        if (reason === '') {
          await renderList(res, 400, back, { error: `Give a reason for rejecting ${requestId}: the member is e-mailed it.` });
          return;
        }
        if (reason.length > REJECTION_REASON_MAX) {
          await renderList(res, 400, back, { error: `The reason may have at most ${REJECTION_REASON_MAX} characters.` });
          return;
        }
      }
      const result = decision === 'approve' ? await approveMembership(deps.pool, requestId, settings) : await rejectMembership(deps.pool, requestId, reason, settings);
      // Mail at once rather than at the relay's next poll.
      deps.relay.nudge();
      log.info({ requestId: result.requestId, decision, by: settings.decidedBy }, 'membership decided in the operator console');
      const query = new URLSearchParams({ ...(back ? { status: back } : {}), done: decision === 'approve' ? 'approved' : 'rejected', request: result.requestId });
      res.redirect(303, `${CONSOLE_PATH}/memberships?${query.toString()}`);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      await renderList(res, err.status, back, { error: err.message });
    }
  });

  router.use(QUEUES_PATH, createQueueDashboard(deps));
  return router;
}
