/** The first message for each field of a schema's safeParse result, as react-hook-form shows them. */
export function firstMessages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    found[key] ??= issue.message;
  }
  return found;
}
