import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffRole } from '@tca/contracts';
import { createLogger, createPool, runMigrations, type Pool } from '@tca/service-kit';
import { createTestDatabase, startIdentityStub, startRedisServer, type IdentityStub, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadContentConfig, MIGRATIONS_DIR, SCHEMA } from '../config.js';
import { exportContent } from '../domain/content-import/export-content.js';
import { importContent } from '../domain/content-import/import-content.js';
import { start } from '../server.js';

/**
 * The content service for the staff API tests: a real PostgreSQL database of its own, a private Redis, and
 * identity as the service-kit stub on a real port, issuing sessions with the roles a test asks for.
 */
export interface StaffContentSite {
  url: string;
  pool: Pool;
  identity: IdentityStub;
  db: TestDatabase;
  /** A Bearer header for a session with these roles (second factor done unless told). */
  bearer(roles: StaffRole[], secondFactor?: boolean): string;
  /** A JSON request with an Authorization header (or none). */
  call(method: string, path: string, authorization: string | undefined, body?: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export async function startStaffContentSite(name: string, env: Record<string, string> = {}): Promise<StaffContentSite> {
  const db = await createTestDatabase(name);
  const redis: TestRedisServer = await startRedisServer();
  const identity = await startIdentityStub();
  const config = loadContentConfig({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PORT: '0',
    CONTENT_SEED_DIR: '',
    IDENTITY_URL: identity.url,
    IDENTITY_TIMEOUT_MS: '300',
    CONTENT_REVISION_POLL_MS: '1000',
    ...env,
  });
  const running = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
  const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: `${name}-test` });
  return {
    url: running.url,
    pool,
    identity,
    db,
    bearer(roles, secondFactor = true) {
      return `Bearer ${identity.issue({}, { roles, secondFactor }).token}`;
    },
    call(method, path, authorization, body) {
      const headers: Record<string, string> = {};
      if (authorization !== undefined) headers.Authorization = authorization;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      return fetch(`${running.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    },
    async stop() {
      await running.stop();
      await pool.end();
      await identity.close();
      await redis.stop();
      await db.drop();
    },
  };
}

/** Exports the site's content, imports it into a fresh database and lets `inspect` read that one; cleans up after. */
export async function exportIntoFreshDatabase(site: StaffContentSite, name: string, inspect: (pool: Pool) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'staff-export-'));
  const fresh = await createTestDatabase(name);
  const freshPool = createPool({ connectionString: fresh.url, schema: SCHEMA, applicationName: `${name}-test` });
  try {
    const client = await site.pool.connect();
    try {
      await exportContent(client, join(dir, 'out'));
    } finally {
      client.release();
    }
    await runMigrations({ pool: freshPool, schema: SCHEMA, dir: MIGRATIONS_DIR });
    const freshClient = await freshPool.connect();
    try {
      await importContent(freshClient, join(dir, 'out'), { today: '2026-11-27' });
    } finally {
      freshClient.release();
    }
    await inspect(freshPool);
  } finally {
    await freshPool.end();
    await fresh.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Counts a test's answers by `method path status`, for the summary its `after` prints. */
export class AnswerTally {
  private readonly counts = new Map<string, number>();

  /** `keyed` turns a path into its route (`/events/pongal` -> `/events/:key`). */
  constructor(private readonly keyed: (path: string) => string) {}

  add(method: string, path: string, status: number): void {
    const key = `${method} ${this.keyed(path.replace(/\?.*$/, ''))} ${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  summary(title: string): string {
    return `${title} (method path status: count):\n${[...this.counts].sort().map(([key, n]) => `  ${key}: ${n}`).join('\n')}`;
  }
}
