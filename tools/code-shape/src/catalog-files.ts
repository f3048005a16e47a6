import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'testdata']);

/** Every interface catalog's English file (`…/messages/en.json`) under `dir`, build output and test data left out. */
export function catalogs(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) catalogs(full, out);
    else if (entry.name === 'en.json' && path.basename(dir) === 'messages') out.push(full);
  }
  return out;
}
