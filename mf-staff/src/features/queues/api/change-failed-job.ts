import { queueJobActionAnswerSchema, type QueueName } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { queuesApiPath } from './queues-api-path.js';

export type FailedJobAction = 'retry' | 'remove';

/** POST /staff-api/queues/:queue/jobs/:jobId/retry or …/remove (owner): a failed job queued again, or removed. */
export function changeFailedJob(token: string, queue: QueueName, jobId: string, action: FailedJobAction, fetchImpl?: FetchLike) {
  return callApi(queuesApiPath(queue, 'jobs', jobId, action), { method: 'POST', body: {}, token, answer: queueJobActionAnswerSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
