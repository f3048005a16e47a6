import { z } from 'zod';
import { QUEUES, type QueueName } from './queues.js';

/**
 * The queues dashboard of the staff area (issue 14), which replaces the Basic-auth console's bull-board:
 * every BullMQ queue of the site with its job counts, the jobs of a queue by state, and for owners retrying
 * or removing a failed job (other staff roles only look). Job data is shown through an allow-list of
 * fields known to hold no secret (no e-mail body, link or token); the rest is only named as hidden.
 */

export const QUEUE_NAMES = Object.values(QUEUES) as [QueueName, ...QueueName[]];

export const QUEUE_LABELS: Readonly<Record<QueueName, string>> = {
  email: 'E-mails',
  'support-tickets': 'Support tickets',
  'payment-fulfilment': 'Payment fulfilment',
  'membership-renewals': 'Membership renewals',
  'email-outcomes': 'E-mail outcomes',
};

export const QUEUE_JOB_STATES = ['failed', 'waiting', 'active', 'delayed', 'completed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

export const QUEUE_JOB_STATE_LABELS: Readonly<Record<QueueJobState, string>> = {
  failed: 'Failed',
  waiting: 'Waiting',
  active: 'Active',
  delayed: 'Delayed',
  completed: 'Completed',
};

export const QUEUE_JOBS_PAGE_MAX = 50;
export const QUEUE_JOBS_PAGE_DEFAULT = 20;

export const UNKNOWN_QUEUE_MESSAGE = 'There is no queue with this name.';
export const QUEUE_JOB_NOT_FOUND_MESSAGE = 'There is no job with this id in this queue (it may have been removed meanwhile).';
export const QUEUE_JOB_NOT_FAILED_MESSAGE = 'Only a failed job can be retried or removed; this one is not failed (any more).';
export const QUEUE_JOB_RETRIED_MESSAGE = 'The job is queued again.';
export const QUEUE_JOB_REMOVED_MESSAGE = 'The job is removed.';

export const queueNameSchema = z.enum(QUEUE_NAMES, UNKNOWN_QUEUE_MESSAGE);

const JOB_ID_MESSAGE = 'jobId must be a job id';
/** A BullMQ job id as the site makes them (keys, `stripe-evt_…`, `repeat:…`). */
export const queueJobIdSchema = z.string(JOB_ID_MESSAGE).regex(/^[A-Za-z0-9._:@-]{1,250}$/, JOB_ID_MESSAGE);

/** The path parameters of …/queues/:queue/jobs and …/jobs/:jobId/retry|remove. */
export const queueParamsSchema = z.object({ queue: queueNameSchema });
export const queueJobParamsSchema = z.object({ queue: queueNameSchema, jobId: queueJobIdSchema });

const OFFSET_MESSAGE = 'offset must be a whole number from 0';
const LIMIT_MESSAGE = `limit must be a number from 1 to ${QUEUE_JOBS_PAGE_MAX}`;

/** GET /staff-api/queues/:queue/jobs?state=&offset=&limit= (any staff role): newest first. */
export const queueJobsQuerySchema = z
  .object({
    state: z.enum(QUEUE_JOB_STATES, `state must be one of ${QUEUE_JOB_STATES.join(', ')}`).default('failed'),
    offset: z
      .string()
      .regex(/^\d{1,6}$/, OFFSET_MESSAGE)
      .transform(Number)
      .optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(QUEUE_JOBS_PAGE_MAX, LIMIT_MESSAGE))
      .optional(),
  })
  .strict();
export type QueueJobsQuery = z.input<typeof queueJobsQuerySchema>;

export const queueJobCountsSchema = z.object({
  waiting: z.number().int().min(0),
  active: z.number().int().min(0),
  delayed: z.number().int().min(0),
  failed: z.number().int().min(0),
  completed: z.number().int().min(0),
});
export type QueueJobCounts = z.infer<typeof queueJobCountsSchema>;

/** GET /staff-api/queues (any staff role): every queue's counts; `canManage` when the caller may retry and remove (owner). */
export const staffQueuesAnswerSchema = z.object({
  queues: z.array(z.object({ name: queueNameSchema, counts: queueJobCountsSchema })),
  canManage: z.boolean(),
});
export type StaffQueuesAnswer = z.infer<typeof staffQueuesAnswerSchema>;

/** A shown job field's value: short text, a number, true/false or nothing. */
export const queueJobValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const queueJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(QUEUE_JOB_STATES),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  attemptsMade: z.number().int().min(0),
  attempts: z.number().int().min(1),
  failedReason: z.string().nullable(),
  /** The allow-listed fields of the job's data. */
  data: z.record(z.string(), queueJobValueSchema),
  /** The names of the data's other fields, whose values are never sent. */
  hiddenFields: z.array(z.string()),
});
export type QueueJob = z.infer<typeof queueJobSchema>;

export const queueJobsAnswerSchema = z.object({
  queue: queueNameSchema,
  state: z.enum(QUEUE_JOB_STATES),
  jobs: z.array(queueJobSchema),
  total: z.number().int().min(0),
  /** The offset of the next (older) page, null at the end. */
  nextOffset: z.number().int().min(0).nullable(),
});
export type QueueJobsAnswer = z.infer<typeof queueJobsAnswerSchema>;

/** POST /staff-api/queues/:queue/jobs/:jobId/retry and …/remove (owner). */
export const queueJobActionAnswerSchema = z.object({ message: z.string() });
export type QueueJobActionAnswer = z.infer<typeof queueJobActionAnswerSchema>;
