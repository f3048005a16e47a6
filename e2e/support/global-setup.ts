import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '@tca/stack';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the composed site exactly as `npm start` does (embedded PostgreSQL unless DATABASE_URL is
 * set, the local Redis, a MailDev sink), on free ports (the site and MailDev's inbox and SMTP, so a
 * running `npm start` never collides), with its own data folder and an empty database, so tests can
 * repoint the remote registry and publish releases without touching a developer's `.data/`.
 * Exports the site, data folder, repository, inbox (MailDev: its REST API under /api), database URL and
 * Stripe sandbox URL to the tests.
 */
export default async function globalSetup() {
  const slot = await claimSlot();
  const dataDir = path.join(rootDir, 'e2e/.tmp', slot.index === 0 ? 'data' : `data-${slot.index}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const redisUrl = process.env.E2E_REDIS_URL ?? `redis://127.0.0.1:6379/${slot.redisDb}`;
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
      REDIS_URL: redisUrl,
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
      RESET_PASSWORD_RATE_LIMIT_PER_IP: '0',
      RESET_PASSWORD_RATE_LIMIT_PER_TOKEN: '0',
      CHECKOUT_LOOKUP_RATE_LIMIT_PER_IP: '0',
    },
  });
  process.env.E2E_SITE_URL = stack.siteUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ROOT_DIR = rootDir;
  if (stack.mailUrl) process.env.E2E_MAIL_URL = stack.mailUrl;
  // The membership tests approve requests with the operators' CLI (it needs the site's database) and
  // check that checkout leaves for the Stripe sandbox's hosted page.
  process.env.E2E_DATABASE_URL = stack.databaseUrl;
  // The staff queues test puts a job the site's worker refuses in its Redis.
  process.env.E2E_STACK_REDIS_URL = redisUrl;
  if (stack.stripeSandbox) process.env.E2E_STRIPE_SANDBOX_URL = stack.stripeSandbox.url;
  return async () => {
    await stack.stop();
    await slot.release();
  };
}

/** Redis databases of the slots: a developer's `npm start` uses 0, the benchmarks 2. */
const SLOT_REDIS_DBS = [1, 3, 5, 7];

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two runs of the browser tests on one machine (two checkouts' worth of work, or a developer running
 * one file while another runs) must not share a data folder or a Redis database: each run claims a
 * slot (a lock folder with its pid; one left by a process that is gone is taken over).
 */
async function claimSlot(): Promise<{ index: number; redisDb: number; release(): Promise<void> }> {
  const locks = path.join(rootDir, 'e2e/.tmp/locks');
  await mkdir(locks, { recursive: true });
  for (const [index, redisDb] of SLOT_REDIS_DBS.entries()) {
    const lock = path.join(locks, `slot-${index}`);
    try {
      await mkdir(lock);
    } catch {
      const owner = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => '0'));
      if (owner > 0 && isAlive(owner)) continue;
      await rm(lock, { recursive: true, force: true });
      try {
        await mkdir(lock);
      } catch {
        continue;
      }
    }
    await writeFile(path.join(lock, 'pid'), String(process.pid));
    return { index, redisDb, release: () => rm(lock, { recursive: true, force: true }) };
  }
  throw new Error(`Every browser-test slot is in use (${SLOT_REDIS_DBS.length} runs at once); wait for one to finish.`);
}
