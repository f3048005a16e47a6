import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The statements of an SQL text, without comments, with whitespace collapsed and `IF NOT EXISTS` dropped,
 * split on the `;` that end statements (not those inside a `$$ … $$` function body), so two texts that
 * define the same thing compare equal however they are laid out.
 */
export function sqlStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inBody = false;
  for (const part of sql.replace(/--[^\n]*/g, '').split(/(\$\$|;)/)) {
    if (part === '$$') inBody = !inBody;
    if (part === ';' && !inBody) {
      statements.push(current);
      current = '';
    } else current += part;
  }
  statements.push(current);
  return statements
    .map((statement) =>
      statement
        .replace(/\s+/g, ' ')
        .replace(/\(\s+/g, '(')
        .replace(/\s+\)/g, ')')
        .replace(/\s+,/g, ',')
        .replace(/\bIF NOT EXISTS\s+/gi, '')
        .trim(),
    )
    .filter((statement) => statement !== '');
}

/**
 * Per service (a folder of `servicesDir` with a `migrations` folder): the statements of all its migrations,
 * in the order they run, that `about` keeps; services with none are left out.
 */
export async function migrationStatementsPerService(servicesDir: string, about: (statement: string) => boolean): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const service of (await readdir(servicesDir)).sort()) {
    const dir = join(servicesDir, service, 'migrations');
    let files: string[];
    try {
      files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
    } catch {
      continue;
    }
    const statements: string[] = [];
    for (const file of files) statements.push(...sqlStatements(await readFile(join(dir, file), 'utf8')).filter(about));
    if (statements.length > 0) found.set(service, statements);
  }
  return found;
}
