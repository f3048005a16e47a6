import { randomBytes } from 'node:crypto';
import pg from 'pg';

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A short random token for names that must not collide across parallel test files. */
export function uniquePrefix(label = 'test'): string {
  return `${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL || DEFAULT_TEST_REDIS_URL;
}

export function testDatabaseAdminUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

export interface TestDatabase {
  url: string;
  name: string;
  /** Drops the database, disconnecting whatever still uses it. */
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseAdminUrl(), application_name: 'tca-tests' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty, uniquely named database on TEST_DATABASE_URL's server. */
export async function createTestDatabase(label = 'tca'): Promise<TestDatabase> {
  const name = `${label}_test_${process.pid}_${randomBytes(4).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(testDatabaseAdminUrl());
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
