/**
 * Every error answer of every service: `{ error: <machine code>, message: <text for people> }`.
 * Browsers read it with parseApiError (no validation library in a page's first load); servers and
 * tests have the same shape as a schema in api-error-schema.ts.
 */
export interface ApiError {
  error: string;
  message: string;
  /** Per-field messages for validation failures, keyed by field name. */
  fields?: Record<string, string>;
}

/** The error answer in `value`, or null when it is not one. Other keys are dropped. */
export function parseApiError(value: unknown): ApiError | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { error, message, fields } = value as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { error, message };
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
  const texts: Record<string, string> = {};
  for (const [name, text] of Object.entries(fields)) {
    if (typeof text !== 'string') return null;
    texts[name] = text;
  }
  return { error, message, fields: texts };
}
