import { MEMBER_FIELD_LABELS, type MemberRequiredField } from '@tca/contracts';
import { currentLang, defineCatalog, translator } from '@tca/ui/i18n';
import { englishIndex } from '@tca/ui/i18n/known';
import en from './messages/en.json';

/**
 * The member details page's texts (namespace `membership.details`): the form, the order summary, the
 * documents, and the §5 validation messages, which travel as values (the contracts' schema and the
 * server write them in English) and show through `detailsText`.
 */
export const detailsCatalog = defineCatalog('membership.details', en, () => import('./messages/ta.json'));

type Key = keyof typeof en & string;

/** The label of a required field in the language shown. */
export function fieldLabel(field: MemberRequiredField): string {
  return translator(detailsCatalog)(`f.${field}`);
}

// The field labels by their English wording (the schema's messages start with them).
const FIELD_BY_LABEL: ReadonlyMap<string, MemberRequiredField> = new Map(
  Object.entries(MEMBER_FIELD_LABELS).map(([field, label]) => [label, field as MemberRequiredField]),
);

// Whole messages of the schema and the server (SUBMISSION_NOT_ALLOWED's title and message among them), by their English wording.
const byEnglish: ReadonlyMap<string, Key> = englishIndex(detailsCatalog);

const MISSING_PREFIX = 'Please fill in all required fields: ';

/**
 * A member details message in the language shown: the §5 list of missing fields, "<Field> is
 * required" / "is too long", the schema's other messages; any other text (a server's own words) as it came.
 */
export function detailsText(message: string): string {
  if (currentLang() === 'en') return message;
  const t = translator(detailsCatalog);
  const trimmed = message.trim();
  const whole = byEnglish.get(trimmed);
  if (whole) return t(whole);
  if (trimmed.startsWith(MISSING_PREFIX)) {
    const labels = trimmed.slice(MISSING_PREFIX.length).split(', ');
    const fields = labels.map((label) => FIELD_BY_LABEL.get(label));
    if (fields.every((field) => field !== undefined)) return t('v.missing', { fields: fields.map((field) => fieldLabel(field)).join(', ') });
  }
  const rule = /^(.+) is (required|too long)$/.exec(trimmed);
  const field = rule ? FIELD_BY_LABEL.get(rule[1] ?? '') : undefined;
  if (rule && field) return t(rule[2] === 'required' ? 'v.required' : 'v.long', { field: fieldLabel(field) });
  return message;
}
