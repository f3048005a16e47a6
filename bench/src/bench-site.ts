import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type RunningStack } from '@tca/stack';
import { log, type Cleanups } from './bench-main.js';

/**
 * The site a bench starts for itself: a temporary data folder, then the composed site (PostgreSQL,
 * Redis, the services, the gateway) on free loopback ports. Both go on the bench's cleanups, so they
 * are stopped and removed whatever happens (runBench).
 */

/** The repository's root (this file is in bench/src/). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The identity limits that would refuse a bench's logins and registrations, which all come from one address. */
export const NO_IDENTITY_RATE_LIMITS = {
  LOGIN_RATE_LIMIT_PER_IP: '0',
  LOGIN_FAILURE_LIMIT_PER_ACCOUNT: '0',
  REGISTER_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_IP: '0',
  RESET_RATE_LIMIT_PER_EMAIL: '0',
} as const;

/** A new temporary folder `tca-bench-<name>-…` for the site's data; the cleanups remove it. */
export async function benchDataDir(name: string, cleanups: Cleanups): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `tca-bench-${name}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // The embedded PostgreSQL runs as the "postgres" user when we are root: it must reach its data folder.
  await chmod(dataDir, 0o755);
  return dataDir;
}

export interface BenchSite {
  dataDir: string;
  /** Let startStack build what is missing or stale. */
  build: boolean;
  signal: AbortSignal;
  /** Added to the services' environment (REDIS_URL, rate limits…). */
  env: Record<string, string | undefined>;
  /** Said after "starting the site (…)" in the progress line, e.g. " without payments workers". */
  note?: string;
}

/** Starts the composed site quietly on free ports (the gateway's too); the cleanups stop it. */
export async function startBenchSite(site: BenchSite, cleanups: Cleanups): Promise<RunningStack> {
  log(`starting the site (PostgreSQL, Redis, the services, the gateway)${site.note ?? ''}...`);
  const stack = await startStack({ mode: 'start', rootDir: repoRoot, dataDir: site.dataDir, gatewayPort: 0, quiet: true, build: site.build, signal: site.signal, env: site.env });
  cleanups.push(() => stack.stop());
  return stack;
}
