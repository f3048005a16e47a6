import { Router } from 'express';
import {
  QUEUE_JOB_REMOVED_MESSAGE,
  QUEUE_JOB_RETRIED_MESSAGE,
  queueJobParamsSchema,
  queueJobsQuerySchema,
  queueParamsSchema,
  STAFF_ROLES,
  hasStaffRole,
  type QueueJobActionAnswer,
  type StaffQueuesAnswer,
} from '@tca/contracts';
import { parseBody } from '@tca/service-kit';
import { createStaffQueues } from '../../domain/staff-queues.js';
import type { IdentityDeps } from './api-deps.js';
import { actorOf, requireStaff, staffRolesOf } from './staff-auth.js';

/**
 * The queues dashboard's API (issue 14), under /staff-api/queues: every staff role sees the counts and the
 * jobs (data through the allow-list of domain/staff-queues.ts); only an owner retries or removes a failed
 * job (403 for the other roles), and each of those goes to the audit log. This replaces the Basic-auth
 * console's read-only bull-board.
 */
export function createStaffQueuesRouter(deps: Pick<IdentityDeps, 'pool' | 'redis' | 'config'>): Router {
  const { pool, redis, config } = deps;
  const idle = config.SESSION_IDLE_TIMEOUT_MS;
  const anyStaff = requireStaff(pool, idle, STAFF_ROLES);
  const owner = requireStaff(pool, idle, ['owner']);
  const queues = createStaffQueues(pool, redis);
  const router = Router();

  router.get('/staff-api/queues', ...anyStaff, async (req, res) => {
    const answer: StaffQueuesAnswer = { queues: await queues.counts(), canManage: hasStaffRole(staffRolesOf(req), ['owner']) };
    res.json(answer);
  });

  router.get('/staff-api/queues/:queue/jobs', ...anyStaff, async (req, res) => {
    const { queue } = parseBody(queueParamsSchema, { ...req.params });
    const query = parseBody(queueJobsQuerySchema, { ...req.query });
    res.json(await queues.jobs(queue, query.state, query.offset ?? 0, query.limit));
  });

  for (const action of ['retry', 'remove'] as const) {
    router.post(`/staff-api/queues/:queue/jobs/:jobId/${action}`, ...owner, async (req, res) => {
      const { queue, jobId } = parseBody(queueJobParamsSchema, { ...req.params });
      if (action === 'retry') await queues.retryFailed(queue, jobId, actorOf(req));
      else await queues.removeFailed(queue, jobId, actorOf(req));
      req.log.info({ queue, jobId, action }, 'staff changed a failed job');
      const answer: QueueJobActionAnswer = { message: action === 'retry' ? QUEUE_JOB_RETRIED_MESSAGE : QUEUE_JOB_REMOVED_MESSAGE };
      res.json(answer);
    });
  }

  return router;
}
