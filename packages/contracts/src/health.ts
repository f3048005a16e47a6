import { z } from 'zod';

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready', 'draining']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});
export type Readiness = z.infer<typeof readinessSchema>;
