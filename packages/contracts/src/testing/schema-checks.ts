/**
 * Helpers for the schemas' tests (not built: tsconfig.build.json leaves src/testing out). They read a
 * schema's answer the way people meet it: one message per field, the first one, as service-kit's
 * fieldsFromZod puts it in a 400 answer and the forms show it under a field.
 */

interface Issue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
}

/** What both zod and zod/mini schemas offer. */
export interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<Issue> } | undefined };
}

/** Per field path (`spouse.name`, `children.0`; '' for the whole value), the first message; {} when `value` is accepted. */
export function problems(schema: Parser, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const found: Record<string, string> = {};
  if (result.success) return found;
  for (const issue of result.error?.issues ?? []) found[issue.path.map(String).join('.')] ??= issue.message;
  return found;
}

/** The first message for one field, or undefined when that field has none. */
export function problemAt(schema: Parser, value: unknown, path: string): string | undefined {
  return problems(schema, value)[path];
}

export function accepts(schema: Parser, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/**
 * fast-check settings for every property in this package: a fixed seed so a failure replays the same
 * way on any machine (FC_SEED=<n> tries another one), and enough runs to matter.
 */
export const PROPERTY_RUNS = { seed: Number(process.env.FC_SEED ?? 20_260_412), numRuns: 300 } as const;
