import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a running `npm start` tells the project's own tools on this machine (issue 14: the admin CLI finds
 * the database without a copied URL): `<data dir>/stack.json` (TCA_DATA_DIR, default <repo>/.data, which
 * git ignores), readable by the owner only as it holds the database URL with its password. Written once
 * everything runs, removed on a clean stop; a reader checks that `pid` still runs. The identity admin CLI
 * reads it (services/identity/src/entry-points/cli/stack-state.ts): keep the two in step.
 */
export const STACK_STATE_FILE = 'stack.json';

export interface StackState {
  pid: number;
  mode: string;
  siteUrl: string;
  databaseUrl: string;
  redisUrl: string;
  startedAt: string;
}

export function writeStackState(dataDir: string, state: StackState): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, STACK_STATE_FILE);
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  return file;
}

export function removeStackState(dataDir: string): void {
  rmSync(join(dataDir, STACK_STATE_FILE), { force: true });
}
