/**
 * Text PostgreSQL can store. Two things a JSON string can carry are refused by every text and jsonb
 * column: NUL ("\u0000") and a lone UTF-16 surrogate ("\uD800" without its pair, which has no UTF-8 form:
 * the driver writes U+FFFD into text, and jsonb rejects the escape outright). Every text field of every
 * request schema refuses them with the same message (text-field.ts), so a form and its service agree and
 * the service answers 400 naming the field instead of a 500 from the database.
 *
 * No validation library here: a page can ask isStorableText without loading zod.
 */

/** True when `value` holds no NUL and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xdc00 && code <= 0xdfff) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i += 1;
    }
  }
  return true;
}

/** The message for a field whose text is not storable, e.g. "Name contains a character that is not allowed". */
export function unstorableTextMessage(label: string): string {
  return `${label} contains a character that is not allowed`;
}
