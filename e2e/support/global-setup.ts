import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '@tca/stack';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the composed site exactly as `npm start` does (embedded PostgreSQL unless DATABASE_URL is
 * set, the local Redis, a MailDev sink), on a free port, with its own data folder, so tests can
 * repoint the remote registry and publish releases without touching a developer's `.data/`.
 */
export default async function globalSetup() {
  const dataDir = path.join(rootDir, 'e2e/.tmp/data');
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const stack = await startStack({
    mode: 'start',
    rootDir,
    dataDir,
    gatewayPort: 0,
    quiet: !process.env.E2E_VERBOSE,
    // Short loader time-outs so the outage tests see their fallback quickly.
    // Redis database 1: a developer's `npm start` on the same Redis must not take this site's jobs.
    env: { REMOTE_TIMEOUT_MS: '2500', REMOTE_RETRIES: '1', REMOTE_BACKOFF_MS: '200', REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/1' },
  });
  process.env.E2E_SITE_URL = stack.siteUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ROOT_DIR = rootDir;
  return async () => {
    await stack.stop();
  };
}
