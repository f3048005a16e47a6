import {
  CHILD_REQUIRED_MESSAGE,
  CHILD_ROWS,
  isValidPersonName,
  membershipLevel,
  SPOUSE_AGE_MESSAGE,
  SPOUSE_NAME_MESSAGE,
  type DependantsRequest,
} from '@tca/contracts';
import { isRejectedToken, tooManyText, type FailedResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { TEXT } from '../../shared/messages.js';
import { familyCatalog } from './messages.js';

/**
 * The family details form (spec §5): an optional spouse and three child rows. A spouse with any
 * field filled needs a valid name and an age 0-120; a child counts when its name is valid and its
 * age is 0-18; the family levels need at least one such child.
 */

export interface PersonRow {
  name: string;
  age: string;
}

export interface DependantsFormValues {
  spouse: PersonRow;
  children: PersonRow[];
}

export const emptyDependants = (): DependantsFormValues => ({
  spouse: { name: '', age: '' },
  children: Array.from({ length: CHILD_ROWS }, () => ({ name: '', age: '' })),
});

/** Beyond the spec: a child row that is partly filled but not valid is pointed out, not silently dropped. */
export const childRowMessage = (index: number) => translator(familyCatalog)('child.row', { n: index + 1 });

/** Where each message belongs. */
export interface DependantsErrors {
  spouseName?: string;
  spouseAge?: string;
  /** By row index. */
  children: Record<number, string>;
  /** The form-level message (at least one child). */
  form?: string;
}

/** "12" → 12; anything that is not a whole number written in digits → null. */
export function parseAge(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  return Number(trimmed);
}

const isBlank = (row: PersonRow) => row.name.trim() === '' && row.age.trim() === '';

function validChild(row: PersonRow): { name: string; age: number } | null {
  const age = parseAge(row.age);
  if (!isValidPersonName(row.name) || age === null || age > 18) return null;
  return { name: row.name.trim().replace(/\s+/g, ' '), age };
}

export type DependantsCheck = { ok: true; request: DependantsRequest } | { ok: false; errors: DependantsErrors; messages: string[] };

/** Checks the form and builds the POST /membership/add-dependents body. */
export function checkDependants(values: DependantsFormValues, target: { userId: string; membershipType: string }): DependantsCheck {
  const errors: DependantsErrors = { children: {} };
  let spouse: DependantsRequest['spouse'] = null;
  if (!isBlank(values.spouse)) {
    const age = parseAge(values.spouse.age);
    if (!isValidPersonName(values.spouse.name)) errors.spouseName = SPOUSE_NAME_MESSAGE;
    if (age === null || age > 120) errors.spouseAge = SPOUSE_AGE_MESSAGE;
    if (!errors.spouseName && !errors.spouseAge && age !== null) spouse = { name: values.spouse.name.trim().replace(/\s+/g, ' '), age };
  }
  const children: DependantsRequest['children'] = [];
  values.children.slice(0, CHILD_ROWS).forEach((row, index) => {
    if (isBlank(row)) return;
    const child = validChild(row);
    if (child) children.push(child);
    else errors.children[index] = childRowMessage(index);
  });
  const level = membershipLevel(target.membershipType);
  if (level?.family && children.length === 0) errors.form = CHILD_REQUIRED_MESSAGE;
  const messages = [errors.spouseName, errors.spouseAge, ...Object.values(errors.children), errors.form].filter((text): text is string => Boolean(text));
  if (messages.length > 0 || !level) {
    return { ok: false, errors, messages: level ? messages : [...messages, TEXT.dependantsFailed] };
  }
  return { ok: true, request: { userId: target.userId, membershipType: level.name, spouse, children } };
}

export type DependantsFailure = { kind: 'session-ended' } | { kind: 'message'; text: string };

/** §8 Dependants: the server's error, or 'Failed to submit dependents details'; no answer: 'An unexpected error occurred'. */
export function dependantsFailure(result: FailedResult): DependantsFailure {
  if (isRejectedToken(result)) return { kind: 'session-ended' };
  if (result.kind === 'network') return { kind: 'message', text: TEXT.unexpectedError };
  if (result.status === 429) return { kind: 'message', text: tooManyText(result) };
  const fieldTexts = Object.values(result.error?.fields ?? {});
  const server = result.error?.message?.trim() || fieldTexts[0] || '';
  return { kind: 'message', text: server || TEXT.dependantsFailed };
}
