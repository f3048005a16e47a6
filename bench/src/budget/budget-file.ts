import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { FIRST_LOAD_PAGES, type FirstLoad } from './first-load.js';

/**
 * The committed first-load budget (bench/budgets/first-load.json): per page, the gzip bytes of its
 * first-load JavaScript and its number of scripts when it was recorded (`npm run bench:budget -- --record`).
 * The browser test fails when a page grows past its budget by more than BUDGET_TOLERANCE.
 */
export const BUDGET_FILE = fileURLToPath(new URL('../../budgets/first-load.json', import.meta.url));

/** How much a page may grow past its recorded bytes before the budget test fails (5 %). */
export const BUDGET_TOLERANCE = 0.05;

export interface PageBudget {
  /** Bytes: the sum of the page's scripts, each gzip-compressed at level 9. */
  gzip: number;
  scripts: number;
}

export interface BudgetFile {
  note: string;
  recordedAt: string;
  pages: Record<string, PageBudget>;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Checks the shape of a budget file's JSON; throws naming what is wrong. */
export function parseBudget(json: unknown, source = 'the budget file'): BudgetFile {
  if (typeof json !== 'object' || json === null) throw new Error(`${source} is not a JSON object.`);
  const { note, recordedAt, pages } = json as Record<string, unknown>;
  if (typeof note !== 'string' || typeof recordedAt !== 'string') throw new Error(`${source} needs a "note" and a "recordedAt" text.`);
  if (typeof pages !== 'object' || pages === null) throw new Error(`${source} has no "pages" object.`);
  const checked: Record<string, PageBudget> = {};
  for (const [page, value] of Object.entries(pages)) {
    const { gzip, scripts } = (value ?? {}) as Record<string, unknown>;
    if (!page.startsWith('/') || !isCount(gzip) || !isCount(scripts)) throw new Error(`${source}: pages["${page}"] must be { "gzip": <bytes>, "scripts": <count> }.`);
    checked[page] = { gzip, scripts };
  }
  return { note, recordedAt, pages: checked };
}

export async function readBudget(file = BUDGET_FILE): Promise<BudgetFile> {
  return parseBudget(JSON.parse(await readFile(file, 'utf8')) as unknown, file);
}

/** The budget file for these measurements; the pages in FIRST_LOAD_PAGES order. */
export function budgetRecord(loads: readonly FirstLoad[], note: string, recordedAt: Date): BudgetFile {
  const order = (path: string) => {
    const i = (FIRST_LOAD_PAGES as readonly string[]).indexOf(path);
    return i === -1 ? FIRST_LOAD_PAGES.length : i;
  };
  const sorted = [...loads].sort((a, b) => order(a.path) - order(b.path) || a.path.localeCompare(b.path));
  return { note, recordedAt: recordedAt.toISOString(), pages: Object.fromEntries(sorted.map((l) => [l.path, { gzip: l.gzip, scripts: l.scripts.length }])) };
}

export const formatBudget = (budget: BudgetFile): string => `${JSON.stringify(budget, null, 2)}\n`;

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** Growth past the budget as a fraction (0.07 = 7 % over); negative when under. */
export const growth = (measured: number, budget: number): number => (budget > 0 ? measured / budget - 1 : Number.POSITIVE_INFINITY);

/** The most bytes a page may have: its budget plus the tolerance (whole bytes, so 5 % of 1000 allows exactly 1050). */
export const allowedBytes = (budget: number, tolerance = BUDGET_TOLERANCE): number => Math.floor(budget * (1 + tolerance) + 1e-6);

/**
 * Null when `load` is within its budget (at most `tolerance` over), else a message naming the page,
 * the budget, the measured bytes and every script of the page with its size, largest first.
 */
export function budgetProblem(load: FirstLoad, budget: PageBudget | undefined, tolerance = BUDGET_TOLERANCE): string | null {
  if (budget === undefined) return `${load.path} has no budget in bench/budgets/first-load.json (record one: npm run bench:budget -- --record).`;
  if (load.gzip <= allowedBytes(budget.gzip, tolerance)) return null;
  const over = growth(load.gzip, budget.gzip);
  return [
    `${load.path}: first-load JavaScript is ${load.gzip} bytes gzip (${kb(load.gzip)}), ${(over * 100).toFixed(1)} % over its budget of ${budget.gzip} bytes (${kb(budget.gzip)}, ${budget.scripts} scripts; ${Math.round(tolerance * 100)} % allowed).`,
    `Its ${load.scripts.length} scripts (gzip, largest first):`,
    formatScripts(load),
    'If the growth is intended, re-record the budget: npm run bench:budget -- --record',
  ].join('\n');
}

/** One line per script: gzip and raw size, and its path on the site. */
export function formatScripts(load: FirstLoad): string {
  return load.scripts
    .map((s) => {
      let where = s.url;
      try {
        where = new URL(s.url).pathname;
      } catch {
        // not a URL: show it as it is
      }
      return `  ${kb(s.gzip).padStart(9)} gzip ${kb(s.raw).padStart(9)} raw  ${where}`;
    })
    .join('\n');
}
