import type { ListItem, ListKind, Draft } from './list-kinds.js';

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
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (hasPicture && (draft.imageAlt ?? '').trim() === '' && !errors.imageAlt) errors.imageAlt = ALT_REQUIRED_MESSAGE;
  return errors;
}

/** The request fields a 400's messages may name (the form shows them under their fields). */
export function formFieldNames<I extends ListItem>(kind: ListKind<I>): string[] {
  return [...kind.fields.map((field) => field.name), 'imageAlt'];
}

/** "name and role" from a 409's changed request fields, in the form's words. */
export function changedText<I extends ListItem>(kind: ListKind<I>, changed: readonly string[], altLabel = kind.altLabel): string {
  const labels = changed.map((name) => (name === 'imageAlt' ? altLabel : (kind.fields.find((field) => field.name === name)?.label ?? name)).toLowerCase());
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}`;
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
