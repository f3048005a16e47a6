import { currentLang, translator } from '@tca/ui/i18n';
import { listsCatalog } from './messages.js';

type Key = 'field.required' | 'field.max' | 'field.char' | 'field.day' | 'field.time' | 'field.link';

// The contracts' field rules as they word their messages ("<label> is required", …): label first.
const PATTERNS: ReadonlyArray<readonly [RegExp, Key]> = [
  [/^(.+) is required$/, 'field.required'],
  [/^(.+) must be at most (\d+) characters$/, 'field.max'],
  [/^(.+) contains a character that is not allowed$/, 'field.char'],
  [/^(.+) must be a day written YYYY-MM-DD$/, 'field.day'],
  [/^(.+) must be a time written HH:MM \(24-hour\)$/, 'field.time'],
  [/^(.+) must be a (?:link|web address) starting with http:\/\/ or https:\/\/$/, 'field.link'],
];

/**
 * A field's message (the contracts' rule or the server's, English) in the language shown: the rules'
 * sentences with the field's label from `labels` (English label → the label shown), or `other`'s version
 * of a whole known text; anything else as it came.
 */
export function fieldMessage(message: string, labels: Readonly<Record<string, string>>, other: (message: string) => string = (same) => same): string {
  if (currentLang() === 'en') return message;
  for (const [pattern, key] of PATTERNS) {
    const match = pattern.exec(message);
    const label = match?.[1] !== undefined ? labels[match[1]] : undefined;
    if (match && label !== undefined) return translator(listsCatalog)(key, { label, max: match[2] ?? '' });
  }
  return other(message);
}

/** Every message of a form's errors through fieldMessage. */
export function fieldMessages<F extends string>(errors: Partial<Record<F, string>>, labels: Readonly<Record<string, string>>, other?: (message: string) => string): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [field, message] of Object.entries(errors) as Array<[F, string | undefined]>) if (message !== undefined) out[field] = fieldMessage(message, labels, other);
  return out;
}
