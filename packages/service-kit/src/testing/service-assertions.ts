/** Test support: checks every API service must pass, shared by the foundation suites and single services' tests. */
import assert from 'node:assert/strict';
import pg from 'pg';
import { apiErrorSchema } from '@tca/contracts';

/** `GET <baseUrl>/nowhere` answers 404 with a JSON `not_found` error. */
export async function assertJsonNotFound(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/nowhere`);
  assert.equal(res.status, 404);
  assert.equal(apiErrorSchema.parse(await res.json()).error, 'not_found');
}

/** The database holds exactly `expectedTables` (sorted by name), every one in `schema`. */
export async function assertOnlyTablesInSchema(databaseUrl: string, schema: string, expectedTables: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_schema: string; table_name: string }>(
      "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY table_name",
    );
    assert.deepEqual(rows.map((row) => row.table_name), expectedTables);
    assert.ok(rows.every((row) => row.table_schema === schema));
  } finally {
    await client.end();
  }
}
