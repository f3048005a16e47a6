import { z } from 'zod';

/** Every error answer of every service: `{ error: <machine code>, message: <text for people> }`. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** Per-field messages for validation failures, keyed by field name. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
