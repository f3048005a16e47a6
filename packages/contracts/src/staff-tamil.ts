import { z } from 'zod';

/**
 * The Tamil versions of an item's texts in the staff calls (issue 17): a `ta` object beside the English
 * fields, named like content-lists' `ta` (the public answers), its keys the English fields' own names in
 * that request (a post's `title` and `body`, an event's `name`, `description`, `location` …).
 *
 * In a request every Tamil field is optional and has its English field's limits but no minimum; a blank
 * one (empty or only spaces) is none, and comes out of the schema left out. `ta` itself left out of a
 * create is no Tamil; left out of an update it keeps the Tamil stored (an editor that knows nothing of
 * Tamil cannot wipe it); sent, it is the Tamil as it should be (a field left out or blank is removed).
 * In an answer `ta` holds the Tamil versions the item has (an empty object when none).
 */

type TextRule = z.ZodType<string, string>;
export type TamilTexts<K extends string> = Partial<Record<K, string>>;

/** The request's `ta` object with these fields (each the English rule with its own label, e.g. `Tamil title`). */
export function tamilRequestSchema<K extends string>(rules: Record<K, TextRule>) {
  const shape = Object.fromEntries(Object.entries<TextRule>(rules).map(([key, rule]) => [key, rule.optional()])) as Record<K, z.ZodOptional<TextRule>>;
  return z
    .object(shape, 'ta must be an object of Tamil texts')
    .strict()
    .transform((texts) => {
      const kept: TamilTexts<K> = {};
      for (const [key, text] of Object.entries<unknown>(texts)) {
        if (typeof text === 'string' && text.trim() !== '') kept[key as K] = text;
      }
      return kept;
    });
}

/** The answer's `ta` object: the Tamil versions the item has. */
export function tamilAnswerSchema<K extends string>(...keys: K[]) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.string().optional()])) as Record<K, z.ZodOptional<z.ZodString>>;
  return z.object(shape);
}
