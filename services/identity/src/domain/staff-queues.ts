import {
  QUEUE_JOB_NOT_FAILED_MESSAGE,
  QUEUE_JOB_NOT_FOUND_MESSAGE,
  QUEUE_JOB_STATES,
  QUEUE_JOBS_PAGE_DEFAULT,
  QUEUE_NAMES,
  QUEUES,
  type QueueJob,
  type QueueJobCounts,
  type QueueJobState,
  type QueueJobsAnswer,
  type QueueName,
} from '@tca/contracts';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError, withTransaction, type Pool, type Redis } from '@tca/service-kit';
import { Queue, type Job } from 'bullmq';
import { recordAudit, type Actor } from './audit.js';

/**
 * The site's BullMQ queues for the staff area's dashboard (issue 14): counts, jobs by state, and an owner's
 * retry or removal of a failed job, recorded in the audit log. A job's data is never sent whole: only the
 * fields of SAFE_FIELDS (none holds a secret: no e-mail text or HTML, which can carry a reset or invitation
 * link; no ticket uid), short, with any web address in them replaced, and the other fields only by name.
 */

/** Per queue, the job data fields that may be shown. Anything not listed stays hidden (an allow-list). */
export const SAFE_FIELDS: Readonly<Record<QueueName, readonly string[]>> = {
  [QUEUES.email]: ['key', 'to', 'subject', 'replyTo'],
  [QUEUES.supportTickets]: ['reference'],
  [QUEUES.paymentFulfilment]: ['eventId', 'type', 'sessionId'],
  [QUEUES.membershipRenewals]: [],
  [QUEUES.emailOutcomes]: ['key', 'outcome', 'error'],
};

/** What a web address in a shown value or a failure reason becomes (a link can be a secret). */
export const HIDDEN_LINK = '(link hidden)';
const LINK = /\b(?:https?|ftp):\/\/\S+|\bwww\.\S+/gi;
const TEXT_MAX = 300;
const REASON_MAX = 1000;

function shownText(text: string, max: number): string {
  const plain = text.replace(LINK, HIDDEN_LINK);
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** The data as the dashboard shows it: the allow-listed fields with a plain value; every other field by name only. */
export function safeJobData(queue: QueueName, data: unknown): Pick<QueueJob, 'data' | 'hiddenFields'> {
  const shown: QueueJob['data'] = {};
  const hiddenFields: string[] = [];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { data: shown, hiddenFields: data === undefined || data === null ? [] : ['(data)'] };
  const allowed = SAFE_FIELDS[queue];
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (!allowed.includes(field)) hiddenFields.push(field);
    else if (typeof value === 'string') shown[field] = shownText(value, TEXT_MAX);
    else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || value === null) shown[field] = value;
    else hiddenFields.push(field);
  }
  return { data: shown, hiddenFields };
}

function isoOrNull(ms: number | undefined): string | null {
  return ms === undefined || !Number.isFinite(ms) || ms <= 0 ? null : new Date(ms).toISOString();
}

export function shownJob(queue: QueueName, state: QueueJobState, job: Job): QueueJob {
  return {
    id: String(job.id ?? ''),
    name: shownText(job.name, TEXT_MAX),
    state,
    createdAt: isoOrNull(job.timestamp) ?? new Date(0).toISOString(),
    processedAt: isoOrNull(job.processedOn),
    finishedAt: isoOrNull(job.finishedOn),
    attemptsMade: job.attemptsMade,
    attempts: Math.max(1, job.opts.attempts ?? 1),
    failedReason: job.failedReason ? shownText(job.failedReason, REASON_MAX) : null,
    ...safeJobData(queue, job.data),
  };
}

/** Redis trouble is a 503 with the kit's message, not a 500. */
async function withRedis<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new ServiceUnavailableError();
  }
}

export interface StaffQueues {
  counts(): Promise<Array<{ name: QueueName; counts: QueueJobCounts }>>;
  jobs(queue: QueueName, state: QueueJobState, offset: number, limit?: number): Promise<QueueJobsAnswer>;
  retryFailed(queue: QueueName, jobId: string, actor: Actor): Promise<void>;
  removeFailed(queue: QueueName, jobId: string, actor: Actor): Promise<void>;
}

/**
 * The queues on `redis` (the service's shared client: Queue objects on a passed connection share it and never
 * close it, so there is nothing to close here)
 * with BullMQ's default prefix unless `prefix` is given, as every producer and worker of the site uses.
 */
export function createStaffQueues(pool: Pool, redis: Redis, prefix?: string): StaffQueues {
  const queues = new Map<QueueName, Queue>(QUEUE_NAMES.map((name) => [name, new Queue(name, { connection: redis, ...(prefix ? { prefix } : {}) })]));
  const queueOf = (name: QueueName): Queue => {
    const queue = queues.get(name);
    if (!queue) throw new NotFoundError(QUEUE_JOB_NOT_FOUND_MESSAGE);
    return queue;
  };

  /** The failed job, or 404 (unknown) / 409 (not failed); then the change and its audit entry in one transaction. */
  async function changeFailed(name: QueueName, jobId: string, actor: Actor, action: 'queue_job_retried' | 'queue_job_removed'): Promise<void> {
    const queue = queueOf(name);
    const job = await withRedis(() => queue.getJob(jobId));
    if (!job) throw new NotFoundError(QUEUE_JOB_NOT_FOUND_MESSAGE);
    if ((await withRedis(() => job.getState())) !== 'failed') throw new ConflictError(QUEUE_JOB_NOT_FAILED_MESSAGE, 'not_failed');
    const reason = job.failedReason ? `: ${shownText(job.failedReason, 120)}` : '';
    const what = action === 'queue_job_retried' ? 'Retried' : 'Removed';
    const tries = `${job.attemptsMade} ${job.attemptsMade === 1 ? 'attempt' : 'attempts'}`;
    const summary = `${what} failed job "${shownText(job.name, 80)}" (${tries}${reason}).`;
    await withTransaction(pool, async (client) => {
      await recordAudit(client, actor, action, `${name}/${jobId}`, summary);
      await withRedis(async () => {
        if (action === 'queue_job_retried') await job.retry('failed');
        else await job.remove();
      });
    });
  }

  return {
    async counts() {
      return withRedis(() =>
        Promise.all(
          QUEUE_NAMES.map(async (name) => {
            const raw = await queueOf(name).getJobCounts(...QUEUE_JOB_STATES);
            const counts: QueueJobCounts = { waiting: raw.waiting ?? 0, active: raw.active ?? 0, delayed: raw.delayed ?? 0, failed: raw.failed ?? 0, completed: raw.completed ?? 0 };
            return { name, counts };
          }),
        ),
      );
    },
    async jobs(name, state, offset, limit = QUEUE_JOBS_PAGE_DEFAULT) {
      const queue = queueOf(name);
      const [total, jobs] = await withRedis(() => Promise.all([queue.getJobCountByTypes(state), queue.getJobs([state], offset, offset + limit - 1, false)]));
      const shown = jobs.filter((job): job is Job => Boolean(job)).map((job) => shownJob(name, state, job));
      return { queue: name, state, jobs: shown, total, nextOffset: offset + limit < total ? offset + limit : null };
    },
    retryFailed: (name, jobId, actor) => changeFailed(name, jobId, actor, 'queue_job_retried'),
    removeFailed: (name, jobId, actor) => changeFailed(name, jobId, actor, 'queue_job_removed'),
  };
}
