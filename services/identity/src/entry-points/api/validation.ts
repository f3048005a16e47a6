import type { z } from 'zod';
import { fieldsFromZod, ValidationError } from '@tca/service-kit';

/**
 * Validates a body with the schema the page uses (@tca/contracts). A 400 `validation_failed` names each
 * bad field in `fields` with the §5 message, and its message lists the problems for a toast
 * ("Email is required. Password is required.").
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError({}, 'The request body must be a JSON object (Content-Type: application/json).');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const { fields, root } = fieldsFromZod(result.error);
  const problems = [...new Set([...root, ...Object.values(fields)])].map((text) => (/[.!?]$/.test(text) ? text : `${text}.`));
  throw new ValidationError(fields, problems.join(' ') || 'Some fields are not valid.');
}
