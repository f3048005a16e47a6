import { translator } from '@tca/ui/i18n';
import { joinWords, listsCatalog, tamilLabel } from '../../shared/lists/messages.js';
import type { ListItem, ListKind, Draft } from './list-kinds.js';
import { teamCatalog } from './messages.js';

type TeamKey = keyof typeof teamCatalog.english & string;

export const ALT_REQUIRED_MESSAGE = 'Alt text is required with a picture: say what it shows';

/**
 * The form's problems before anything is sent: the contracts' rules for the request (the server's own),
 * and alt text whenever there is a picture (chosen now or already stored). Field name to message.
 */
export function checkDraft<I extends ListItem>(kind: ListKind<I>, draft: Draft, hasPicture: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = kind.check.safeParse(kind.requestOf(draft));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] === 'ta' ? `ta.${String(issue.path[1])}` : String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (hasPicture && (draft.imageAlt ?? '').trim() === '' && !errors.imageAlt) errors.imageAlt = ALT_REQUIRED_MESSAGE;
  return errors;
}

/** The request fields a 400's messages may name (the form shows them under their fields). */
export function formFieldNames<I extends ListItem>(kind: ListKind<I>): string[] {
  return [...kind.fields.map((field) => field.name), 'imageAlt', ...kind.tamil.map((field) => `ta.${field}`)];
}

/** A field's label in the language shown ("Role"; "Role (Tamil)" for `ta.designation`), or the name itself when the form has no such field. */
export function fieldLabel<I extends ListItem>(kind: ListKind<I>, name: string): string {
  const t = translator(teamCatalog);
  if (name === 'imageAlt') return t(`${kind.path}.alt`);
  if (name.startsWith('ta.')) return tamilLabel(translator(listsCatalog), name === 'ta.description' ? 'ta.about' : name === 'ta.designation' ? 'ta.designation' : 'ta.name');
  return kind.fields.some((field) => field.name === name) ? t(`${kind.path}.field.${name}` as TeamKey) : name;
}

/** "name and role" from a 409's changed request fields, in the form's words (the language shown). */
export function changedText<I extends ListItem>(kind: ListKind<I>, changed: readonly string[]): string {
  // English labels in a sentence are lower case ("photo alt text"); Tamil has no case.
  return joinWords(changed.map((name) => (name.startsWith('ta.') ? fieldLabel(kind, name) : fieldLabel(kind, name).toLowerCase())));
}

/** A new order: `keys` with the item at `from` moved to `to` (both kept within the list). */
export function moved(keys: readonly string[], from: number, to: number): string[] {
  const next = [...keys];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  if (item === undefined) return [...keys];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}
