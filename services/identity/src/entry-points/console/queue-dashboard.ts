/**
 * The BullMQ dashboard (bull-board) at /admin/queues, behind the console's sign-in: every queue of the
 * site (QUEUES), not read-only, so an operator can see stuck or failed payment and e-mail jobs and retry
 * them. The queues use this process's Redis (REDIS_URL) and BullMQ's default prefix, as every producer
 * and worker of the site does.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import type { RequestHandler } from 'express';
import { QUEUES } from '@tca/contracts';
import type { IdentityDeps } from '../api/api-deps.js';

export const QUEUES_PATH = '/admin/queues';

export function createQueueDashboard(deps: Pick<IdentityDeps, 'redis'>): RequestHandler {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_PATH);
  // The shared producer client: Queue objects on a passed connection never close it, and need no blocking one.
  const queues = Object.values(QUEUES).map((name) => new BullMQAdapter(new Queue(name, { connection: deps.redis }), { readOnlyMode: false, allowRetries: true }));
  createBullBoard({ queues, serverAdapter, options: { uiConfig: { boardTitle: 'TCA queues' } } });
  return serverAdapter.getRouter() as RequestHandler;
}
