import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * Where a running `npm start` keeps its URLs: `<data dir>/stack.json` (TCA_DATA_DIR, default <repo>/.data),
 * written by tools/stack/src/stack-state.ts (keep the two in step). The admin CLI uses its database URL
 * when DATABASE_URL is not set, so nobody has to copy the (redacted) URL the start summary prints.
 */

/** The repository root: this file is services/identity/{src,dist}/entry-points/cli/. */
const REPO_ROOT = resolve(fileURLToPath(new URL('../../../../../', import.meta.url)));

const stackStateSchema = z.object({ pid: z.number().int().positive(), siteUrl: z.string(), databaseUrl: z.string(), startedAt: z.string() });
export type StackState = z.infer<typeof stackStateSchema>;

export function stackStateFile(env: NodeJS.ProcessEnv): string {
  return join(resolve(env.TCA_DATA_DIR ?? join(REPO_ROOT, '.data')), 'stack.json');
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running `npm start`'s state; undefined when there is none (no file, unreadable, or its process ended). */
export function runningStack(env: NodeJS.ProcessEnv): StackState | undefined {
  let text: string;
  try {
    text = readFileSync(stackStateFile(env), 'utf8');
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const state = stackStateSchema.safeParse(parsed);
  return state.success && running(state.data.pid) ? state.data : undefined;
}
