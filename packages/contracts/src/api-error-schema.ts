import { z } from 'zod';
import type { ApiError } from './api-error.js';

/** The error answer as a schema, for servers and their tests (browsers use parseApiError). */
export const apiErrorSchema: z.ZodType<ApiError> = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
