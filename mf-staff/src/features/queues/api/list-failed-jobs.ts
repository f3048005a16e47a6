import { queueJobsAnswerSchema, type QueueName } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { queuesApiPath } from './queues-api-path.js';

/** GET /staff-api/queues/:queue/jobs?state=failed (any staff role): a page of failed jobs, newest first, secrets left out. */
export function listFailedJobs(token: string, queue: QueueName, offset: number, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${queuesApiPath(queue, 'jobs')}?state=failed&offset=${offset}`, { token, answer: queueJobsAnswerSchema, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
