/**
 * The BullMQ dashboard (bull-board) at /admin/queues, behind the console's sign-in: every queue of the
 * site (QUEUES), read-only, so an operator can see waiting, delayed, stuck or failed payment and e-mail
 * jobs and why they failed, but not retry, promote, clean, add, edit or empty anything. There are no
 * owner roles yet (they come with the staff area), so read-only applies to everyone who signs in.
 * Twice over: bull-board's readOnlyMode on every queue (its action routes answer 405), and only GET and
 * HEAD reach bull-board at all (anything else answers 405 here, whatever bull-board's routes allow).
 * E-mail bodies are not shown: a mail waiting to be sent can carry a password-reset link (the mailer
 * removes bodies from jobs once sent). The queues use this process's Redis (REDIS_URL) and BullMQ's
 * default prefix, as every producer and worker of the site does.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import { Router, type RequestHandler } from 'express';
import { QUEUES } from '@tca/contracts';
import type { IdentityDeps } from '../api/api-deps.js';

export const QUEUES_PATH = '/admin/queues';

export const READ_ONLY_MESSAGE = 'The queue dashboard is read-only: jobs cannot be retried, promoted, cleaned, added or changed here.';

/** What the dashboard shows instead of an e-mail's text and HTML. */
export const HIDDEN_EMAIL_BODY = '(hidden: an e-mail body can hold a password-reset link)';

/** An e-mail job's data as the dashboard shows it: key, to, subject and reply-to, not the body. */
export function withoutEmailBody(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  const shown: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of ['text', 'html']) if (field in shown) shown[field] = HIDDEN_EMAIL_BODY;
  return shown;
}

export function createQueueDashboard(deps: Pick<IdentityDeps, 'redis'>): RequestHandler {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_PATH);
  // The shared producer client: Queue objects on a passed connection never close it, and need no blocking one.
  const queues = Object.values(QUEUES).map((name) => {
    const adapter = new BullMQAdapter(new Queue(name, { connection: deps.redis }), { readOnlyMode: true, allowRetries: false });
    if (name === QUEUES.email) adapter.setFormatter('data', withoutEmailBody);
    return adapter;
  });
  createBullBoard({ queues, serverAdapter, options: { uiConfig: { boardTitle: 'TCA queues (read-only)' } } });

  const router = Router();
  router.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      next();
      return;
    }
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).json({ error: 'read_only', message: READ_ONLY_MESSAGE });
  });
  router.use(serverAdapter.getRouter() as RequestHandler);
  return router;
}
