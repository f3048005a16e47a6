import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { OUTBOX_TABLE_SQL } from './outbox.js';
import { migrationStatementsPerService, sqlStatements } from './testing/sql-statements.js';

/**
 * Each service that relays jobs keeps its own copy of the outbox table in its migrations (a migration
 * must not change once applied, so it cannot import OUTBOX_TABLE_SQL). These tests catch a copy that
 * drifts from the others, from OUTBOX_TABLE_SQL, or from the columns the relay and addToOutbox use.
 */

const SERVICES_DIR = fileURLToPath(new URL('../../../services/', import.meta.url));
const OUTBOX_SOURCE = fileURLToPath(new URL('./outbox.ts', import.meta.url));
/** The services known to own an outbox; a new one is picked up by itself. */
const EXPECTED_OWNERS = ['content', 'identity', 'payments'];

const aboutOutbox = (statement: string) => /\boutbox\b/i.test(statement);

/**
 * The statements of an SQL text that concern the outbox table (CREATE TABLE/INDEX, ALTER, ...), without
 * comments, with whitespace collapsed and `IF NOT EXISTS` dropped (OUTBOX_TABLE_SQL has it, migrations not).
 */
function outboxStatements(sql: string): string[] {
  return sqlStatements(sql).filter(aboutOutbox);
}

/** The column names of the outbox's CREATE TABLE, in order, then those its ALTER TABLE ... ADD COLUMN add. */
function outboxColumns(statements: readonly string[]): string[] {
  const create = statements.find((statement) => /^CREATE TABLE outbox\s*\(/i.test(statement));
  assert.ok(create, 'no CREATE TABLE outbox statement');
  const body = create.slice(create.indexOf('(') + 1, create.lastIndexOf(')'));
  // Split on top-level commas only (CHECK (...) has its own parentheses).
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of body) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  const created = parts.filter((part) => !/^(PRIMARY|UNIQUE|CHECK|CONSTRAINT|FOREIGN)\b/i.test(part)).map((part) => part.split(' ')[0] ?? '');
  const added = statements.flatMap((statement) => /^ALTER TABLE outbox ADD COLUMN (\w+)/i.exec(statement)?.slice(1, 2) ?? []);
  return [...created, ...added];
}

/** Per service owning an outbox: its outbox statements, over all its migrations in the order they run. */
function serviceOutboxes(): Promise<Map<string, string[]>> {
  return migrationStatementsPerService(SERVICES_DIR, aboutOutbox);
}

/** The columns the relay and addToOutbox name in their SQL (read from outbox.ts, so a new column is seen). */
async function columnsUsedByTheKit(): Promise<Set<string>> {
  const source = await readFile(OUTBOX_SOURCE, 'utf8');
  const used = new Set<string>();
  const add = (list: string) => {
    for (const name of list.split(',')) used.add(name.trim().split(/\s|=/)[0] ?? '');
  };
  const insert = /INSERT INTO outbox \(([^)]*)\)/.exec(source);
  assert.ok(insert, 'outbox.ts: the INSERT INTO outbox (...) of addToOutbox was not found; update this test');
  add(insert[1] ?? '');
  // The relay's SELECT and the metrics' backlog query: a plain column is named as is; in an expression
  // (`EXTRACT(EPOCH FROM now() - min(created_at))`) the column is what an aggregate is taken of.
  const selects = [...source.matchAll(/SELECT ([^]*?) FROM \$\{schema\}\.outbox/g)];
  assert.ok(selects.length >= 1, 'outbox.ts: the relay\'s SELECT ... FROM outbox was not found; update this test');
  for (const select of selects) {
    for (const item of (select[1] ?? '').split(',')) {
      const plain = /^\s*(\w+)\s*$/.exec(item);
      if (plain) used.add(plain[1] ?? '');
      for (const aggregate of item.matchAll(/\b(?:min|max|sum|avg)\((\w+)\)/gi)) used.add(aggregate[1] ?? '');
    }
  }
  const updates = [...source.matchAll(/UPDATE \$\{schema\}\.outbox SET ([^]*?) WHERE (\w+)/g)];
  assert.ok(updates.length >= 2, 'outbox.ts: the relay\'s UPDATE ... outbox SET statements were not found; update this test');
  for (const update of updates) {
    add(update[1] ?? '');
    used.add(update[2] ?? '');
  }
  for (const match of source.matchAll(/ON CONFLICT \((\w+)\)|WHERE (\w+) IS NULL|ORDER BY (\w+)/g)) used.add(match[1] ?? match[2] ?? match[3] ?? '');
  used.delete('');
  return used;
}

describe('the outbox table in the services\' migrations', () => {
  it('is defined by content, identity and payments (and any other service with an outbox)', async () => {
    const owners = [...(await serviceOutboxes()).keys()];
    for (const service of EXPECTED_OWNERS) assert.ok(owners.includes(service), `services/${service}/migrations has no outbox table`);
  });

  it('is the same in every service, statement for statement, and the same as OUTBOX_TABLE_SQL', async () => {
    const expected = outboxStatements(OUTBOX_TABLE_SQL);
    assert.equal(expected.length, 5, 'OUTBOX_TABLE_SQL: CREATE TABLE, CREATE INDEX, then ADD COLUMN settled_at, UPDATE, CREATE INDEX');
    for (const [service, statements] of await serviceOutboxes()) {
      assert.deepEqual(statements, expected, `services/${service}/migrations: the outbox differs from OUTBOX_TABLE_SQL in @tca/service-kit (and so from the other services)`);
    }
  });

  it('has every column the relay and addToOutbox use', async () => {
    const used = await columnsUsedByTheKit();
    // What outbox.ts names today; a test that finds fewer has lost track of the source.
    for (const column of ['id', 'queue', 'job_name', 'job_id', 'payload', 'sent_at', 'attempts', 'last_error', 'settled_at']) assert.ok(used.has(column), `outbox.ts no longer seen using ${column}`);
    const sources = new Map([['OUTBOX_TABLE_SQL', outboxStatements(OUTBOX_TABLE_SQL)], ...[...(await serviceOutboxes())].map(([service, statements]) => [`services/${service}`, statements] as const)]);
    for (const [source, statements] of sources) {
      const columns = outboxColumns(statements);
      const missing = [...used].filter((column) => !columns.includes(column));
      assert.deepEqual(missing, [], `${source}: the outbox lacks columns the relay uses`);
    }
  });
});

describe('outboxStatements', () => {
  it('ignores comments, whitespace and IF NOT EXISTS, and keeps only the outbox statements', () => {
    const sql = `-- the outbox\nCREATE TABLE IF NOT EXISTS outbox (\n  id serial PRIMARY KEY ,\n  queue text\n);\nCREATE TABLE other (id int);\nCREATE INDEX  outbox_unsent_idx ON outbox (id)   WHERE sent_at IS NULL;`;
    assert.deepEqual(outboxStatements(sql), ['CREATE TABLE outbox (id serial PRIMARY KEY, queue text)', 'CREATE INDEX outbox_unsent_idx ON outbox (id) WHERE sent_at IS NULL']);
  });

  it('tells a changed column apart', () => {
    const changed = OUTBOX_TABLE_SQL.replace('attempts integer NOT NULL DEFAULT 0', 'attempts smallint NOT NULL DEFAULT 0');
    assert.notDeepEqual(outboxStatements(changed), outboxStatements(OUTBOX_TABLE_SQL));
  });

  it('lists the columns of the CREATE TABLE, not its constraints', () => {
    assert.deepEqual(outboxColumns(outboxStatements(OUTBOX_TABLE_SQL)), ['id', 'queue', 'job_name', 'job_id', 'payload', 'created_at', 'sent_at', 'attempts', 'last_error', 'settled_at']);
    assert.deepEqual(outboxColumns(['CREATE TABLE outbox (a int, b text CHECK (length(b) > 0), PRIMARY KEY (a))']), ['a', 'b']);
  });
});
