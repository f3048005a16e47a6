import assert from 'node:assert/strict';
import fc from 'fast-check';
import { problems, PROPERTY_RUNS, type Parser } from './schema-checks.js';

/**
 * Test support for the rule that no request schema lets NUL or a lone surrogate through (storable-text.ts):
 * generated strings that hold them, and a property run over every text field of a valid request.
 */

const LONE_SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'] as const;
/** Text around the bad character: any Unicode (well-formed), so the rule is not about what surrounds it. */
const anyText = fc.string({ unit: 'grapheme', maxLength: 20 });

/** Any string with a NUL somewhere in it. */
export const withNul = fc.tuple(anyText, anyText).map(([before, after]) => `${before}\u0000${after}`);

/** Any string with an unpaired surrogate somewhere in it (spaces either side, so its neighbours never complete a pair). */
export const withLoneSurrogate = fc
  .tuple(anyText, fc.constantFrom(...LONE_SURROGATES), anyText)
  .map(([before, lone, after]) => `${before} ${lone} ${after}`);

/** A string PostgreSQL cannot store: either of the above. */
export const unstorableText = fc.oneof(withNul, withLoneSurrogate);

type Path = ReadonlyArray<string | number>;

/** The paths of every string in `value` (objects and arrays walked), e.g. [['details', 'firstName'], ['children', 0, 'name']]. */
export function stringPaths(value: unknown, at: Path = []): Path[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  return [];
}

/** A copy of `value` with `text` at `path`. */
export function withTextAt(value: unknown, path: Path, text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withTextAt(item, rest, text) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withTextAt(record[head], rest, text) };
}

/**
 * Property, for every string of the valid request `valid`: put any unstorable text there and the schema
 * refuses it with a problem at that field, "… contains a character that is not allowed" (for a field that
 * is a choice from a list — `choices`, by name — the list's own message, which the form shows already).
 * Answers the fields it checked, so a test can say which they were.
 */
export function assertRefusesUnstorableText(schema: Parser, valid: unknown, choices: readonly string[] = []): string[] {
  assert.deepEqual(problems(schema, valid), {}, 'the sample request is valid');
  const paths = stringPaths(valid);
  for (const path of paths) {
    const field = path.join('.');
    fc.assert(
      fc.property(unstorableText, (text) => {
        const message = problems(schema, withTextAt(valid, path, text))[field];
        assert.ok(message !== undefined, `${field} with ${JSON.stringify(text)} has a problem`);
        if (!choices.includes(String(path.at(-1)))) assert.match(message, /^\S.* contains a character that is not allowed$/, field);
      }),
      { ...PROPERTY_RUNS, numRuns: 100 },
    );
  }
  return paths.map((path) => path.join('.'));
}
