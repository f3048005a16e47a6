import { z } from 'zod';
import { ISO_DATE_PATTERN } from './content-lists.js';
import { textField } from './text-field.js';

/**
 * The audit logs' shared query (issue 14): identity's GET /staff-api/audit and content's GET
 * /staff-api/content/audit take the same filters and page the same way, so the owner's page can ask both
 * and merge them. Each service adds its own `action` list.
 */

export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;
/** The days of `from` and `to` are Adelaide's: `to=2026-03-01` includes that whole day there. */
export const AUDIT_TIME_ZONE = 'Australia/Adelaide';

const LIMIT_MESSAGE = `limit must be a number from 1 to ${AUDIT_PAGE_MAX}`;
export const AUDIT_DATE_ORDER_MESSAGE = 'The "to" day must not be before the "from" day';

export function auditDayMessage(label: string): string {
  return `${label} must be a day written YYYY-MM-DD`;
}

/** A calendar day that exists (2026-02-30 does not). */
function isCalendarDay(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function auditDay(label: string) {
  return z.string().regex(ISO_DATE_PATTERN, auditDayMessage(label)).refine(isCalendarDay, auditDayMessage(label));
}

/** The filters and paging every audit log query takes (query-string values, so strings). */
export const auditFilterFields = {
  /** The actor's e-mail (or `cli:<login name>`), any case. */
  actor: textField('Actor').trim().min(1, 'Actor must not be empty').max(320, 'Actor is too long').optional(),
  /** Entries on or after this day (Adelaide). */
  from: auditDay('From').optional(),
  /** Entries on or before this day (Adelaide). */
  to: auditDay('To').optional(),
  /** The last id of the previous page: entries older than it. */
  before: z.string().regex(/^[1-9]\d{0,17}$/, 'before must be an entry id').optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(AUDIT_PAGE_MAX, LIMIT_MESSAGE))
    .optional(),
};

/** A service's audit query: one of its `actions`, and the shared filters; `from` not after `to`. */
export function auditQuerySchemaFor<const Actions extends readonly [string, ...string[]]>(actions: Actions) {
  return z
    .object({ action: z.enum(actions, 'Unknown action').optional(), ...auditFilterFields })
    .strict()
    .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, { message: AUDIT_DATE_ORDER_MESSAGE, path: ['to'] });
}
