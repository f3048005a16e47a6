/**
 * A service's error answer for a form: which of a 400's field messages belong under the form's own
 * fields. It holds no texts and depends on nothing, so any module may use it (the apps' API clients
 * parse the answer with @tca/contracts' schemas; when to try again after a 429 is `@tca/ui/api`'s).
 */

/** The part of a service's `{ error, message, fields? }` answer these helpers read. */
export interface FieldErrors {
  fields?: Readonly<Record<string, string>> | undefined;
}

/**
 * Splits an error answer's per-field messages into those for fields the form shows and the rest
 * (as text, in the order the server sent them), so no message is dropped.
 */
export function splitFieldMessages<F extends string>(
  error: FieldErrors | null | undefined,
  visibleFields: readonly F[],
): { fields: Partial<Record<F, string>>; others: string[] } {
  const fields: Partial<Record<F, string>> = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(error?.fields ?? {})) {
    if ((visibleFields as readonly string[]).includes(name)) fields[name as F] = message;
    else others.push(message);
  }
  return { fields, others };
}
