import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '@tca/stack';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the composed site exactly as `npm start` does (embedded PostgreSQL unless DATABASE_URL is
 * set, the local Redis, a MailDev sink), on free ports (the site and MailDev's inbox and SMTP, so a
 * running `npm start` never collides), with its own data folder and an empty database, so tests can
 * repoint the remote registry and publish releases without touching a developer's `.data/`.
 * Exports the site, data folder, repository and inbox (MailDev: its REST API under /api) to the tests.
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
    // As root from a private checkout the cluster lives outside dataDir: start it empty all the same.
    freshDatabase: true,
    quiet: !process.env.E2E_VERBOSE,
    // Short loader time-outs so the outage tests see their fallback quickly.
    // Redis database 1: a developer's `npm start` on the same Redis must not take this site's jobs.
    env: {
      REMOTE_TIMEOUT_MS: '2500',
      REMOTE_RETRIES: '1',
      REMOTE_BACKOFF_MS: '200',
      REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
      MAIL_UI_PORT: '0',
      MAIL_SMTP_PORT: '0',
      // Every browser test posts from 127.0.0.1: the per-address and per-account limits (service-tested) would refuse them.
      CONTACT_RATE_LIMIT: '0',
      TICKET_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT_PER_IP: '0',
      LOGIN_FAILURE_LIMIT_PER_ACCOUNT: '0',
      REGISTER_RATE_LIMIT_PER_IP: '0',
      RESET_RATE_LIMIT_PER_IP: '0',
      RESET_RATE_LIMIT_PER_EMAIL: '0',
    },
  });
  process.env.E2E_SITE_URL = stack.siteUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ROOT_DIR = rootDir;
  if (stack.mailUrl) process.env.E2E_MAIL_URL = stack.mailUrl;
  return async () => {
    await stack.stop();
  };
}
