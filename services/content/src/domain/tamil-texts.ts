/**
 * The Tamil versions of content texts (issue 17), stored one nullable column per English text (migration
 * 011: NULL is none, a blank text is never stored). These turn the columns into the APIs' `ta` objects and a
 * staff request's `ta` into the columns to write.
 */

/** Tamil texts by the API's field names; a key left out has none. */
export type TamilTexts<K extends string> = Partial<Record<K, string>>;

/** The `ta` object of stored columns: the texts the item has. */
export function tamilOf<K extends string>(columns: Record<K, string | null>): TamilTexts<K> {
  const texts: TamilTexts<K> = {};
  for (const [key, text] of Object.entries<string | null>(columns)) if (text !== null) texts[key as K] = text;
  return texts;
}

/** `{ ta }` for a public list's item that has a Tamil text, `{}` otherwise (an item without keeps the spec's shape). */
export function publicTamil<K extends string>(columns: Record<K, string | null>): { ta?: TamilTexts<K> } {
  const ta = tamilOf(columns);
  return Object.keys(ta).length > 0 ? { ta } : {};
}

/**
 * The Tamil an update stores, by field: the request's when it sent `ta` (a field left out is none), the
 * stored one when it did not (an editor that knows nothing of Tamil keeps it).
 */
export function tamilToStore<K extends string>(keys: readonly K[], sent: TamilTexts<K> | undefined, stored: TamilTexts<K>): Record<K, string | null> {
  const texts = sent ?? stored;
  return Object.fromEntries(keys.map((key) => [key, texts[key] ?? null])) as Record<K, string | null>;
}

/** `ta.<field>` for each Tamil text the stored item has differently from a request that sent `ta`. */
export function tamilDifferences<K extends string>(keys: readonly K[], stored: TamilTexts<K>, sent: TamilTexts<K> | undefined): string[] {
  if (!sent) return [];
  return keys.filter((key) => (stored[key] ?? null) !== (sent[key] ?? null)).map((key) => `ta.${key}`);
}

/** Audit summary parts for the Tamil texts an update changed, e.g. `Tamil title set` (the texts themselves stay out of the log). */
export function tamilChanges<K extends string>(labels: Record<K, string>, before: TamilTexts<K>, after: TamilTexts<K>): string[] {
  return (Object.keys(labels) as K[]).flatMap((key) => {
    const was = before[key];
    const now = after[key];
    if (was === now) return [];
    const what = was === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
    return [`${labels[key]} ${what}`];
  });
}
