/**
 * The operators' content CLI (`npm run content -- import <dir> [--prune] [--dry-run]`, `npm run content -- export <dir>`),
 * started by src/cli.ts. Needs DATABASE_URL (the site's PostgreSQL). Runs the content migrations first, so a new database works.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createPool, runMigrations } from '@tca/service-kit';
import { siteToday } from '../../domain/site-dates.js';
import { MIGRATIONS_DIR, SCHEMA } from '../../config.js';
import { exportContent } from '../../domain/content-import/export-content.js';
import { ContentFolderError, SECTIONS } from '../../domain/content-import/content-folder.js';
import { importContent, type ImportReport } from '../../domain/content-import/import-content.js';

const USAGE = `Usage:
  npm run content -- import <dir> [--prune] [--dry-run]
      Load posts/, events.json, team.json, sponsors.json, gallery.json and images/ from <dir>.
      Items are matched by key; unchanged items are left alone. Nothing is written if anything is invalid.
      --prune    also delete items of the imported sections that <dir> does not have
      --dry-run  check and report, write nothing
  npm run content -- export <dir>
      Write all content into <dir> (new or empty) in the same format, with absolute dates.

Environment: DATABASE_URL (required), e.g. postgres://postgres:postgres@127.0.0.1:<port>/tamil_association
for the embedded database of npm start (its port is on the "Database" line npm start prints).`;

function list(keys: string[]): string {
  const shown = keys.slice(0, 8).join(', ');
  return keys.length > 8 ? `${shown}, … (${keys.length - 8} more)` : shown;
}

export function formatImportReport(report: ImportReport): string {
  const lines: string[] = [];
  for (const section of SECTIONS) {
    const s = report.sections[section];
    if (!s) {
      lines.push(`${section}: not in the folder (left as it is)`);
      continue;
    }
    const parts: string[] = [];
    if (s.added.length) parts.push(`added ${s.added.length} (${list(s.added)})`);
    if (s.changed.length) parts.push(`changed ${s.changed.length} (${list(s.changed)})`);
    parts.push(`left alone ${s.unchanged.length}`);
    if (s.removed.length) parts.push(`removed ${s.removed.length} (${list(s.removed)})`);
    if (s.kept.length) parts.push(`kept ${s.kept.length} not in the folder (${list(s.kept)}; --prune removes them)`);
    lines.push(`${section}: ${parts.join('; ')}`);
  }
  lines.push(`images: ${report.images.processed} processed, ${report.images.reused} already stored`);
  if (report.dryRun) lines.push('dry run: nothing was written');
  else lines.push(report.changed ? `content revision is now ${report.revision}; the site shows the new content at once` : 'nothing changed');
  return lines.join('\n');
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { prune: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  const [command, target, ...rest] = parsed.positionals;
  if (parsed.values.help) {
    console.log(USAGE);
    return 0;
  }
  if ((command !== 'import' && command !== 'export') || !target || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(`DATABASE_URL ${databaseUrl ? 'must be a postgres:// URL' : 'is not set'}.\n\n${USAGE}`);
    return 2;
  }
  // npm run changes the working directory to the project root; paths are meant from where it was typed.
  const dir = resolve(env.INIT_CWD ?? process.cwd(), target);
  const pool = createPool({ connectionString: databaseUrl, schema: SCHEMA, applicationName: 'content-cli', max: 2 });
  try {
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
    const client = await pool.connect();
    try {
      if (command === 'export') {
        const report = await exportContent(client, dir);
        const c = report.counts;
        console.log(`exported to ${dir}: ${c.posts} posts, ${c.events} events, ${c.team} team members, ${c.sponsors} sponsors, ${c.gallery} gallery events, ${c.images} images`);
        return 0;
      }
      const report = await importContent(client, dir, {
        today: siteToday(),
        prune: parsed.values.prune ?? false,
        dryRun: parsed.values['dry-run'] ?? false,
        onProgress: (message) => console.log(message),
      });
      console.log(formatImportReport(report));
      return 0;
    } finally {
      client.release();
    }
  } catch (err) {
    if (err instanceof ContentFolderError) console.error(`${err.message}\nNothing was imported.`);
    else console.error(`content ${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await pool.end();
  }
}
