import { z } from 'zod';

/** BullMQ queue names. No ':' (BullMQ uses it as its key separator). */
export const QUEUES = {
  email: 'email',
  supportTickets: 'support-tickets',
  paymentFulfilment: 'payment-fulfilment',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const emailJobSchema = z
  .object({
    /** Stable id of what caused the mail (e.g. `contact-42`): the job id, so a relay never sends twice. */
    key: z.string().min(1).regex(/^[^:]+$/, 'no ":" in job keys'),
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string().min(1),
    html: z.string().optional(),
    replyTo: z.string().email().optional(),
  })
  .strict();
export type EmailJob = z.infer<typeof emailJobSchema>;
