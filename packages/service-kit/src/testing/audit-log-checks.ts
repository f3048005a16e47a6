import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditPageAnswerSchema, type AuditPageAnswer } from '@tca/contracts';
import type { Pool } from '../postgres.js';

/**
 * Checks every service's audit log API must pass (issue 14): the shared filters (actor in any case, from/to
 * as whole Adelaide days, paging) answer exactly the matching entries, and the entries cannot be changed:
 * the table's triggers exist, no source statement updates, deletes or truncates it, and no method on the
 * audit paths changes a row.
 */
export interface AuditLogUnderTest {
  /** A pool on the service's schema. */
  pool: Pool;
  /** The service's src folder (every .ts but tests is read). */
  sourceDir: string | URL;
  /** The audit page's path, e.g. /staff-api/audit. */
  auditPath: string;
  /** One of the service's audit actions. */
  action: string;
  /** Calls the service as an owner (second factor passed). */
  ownerCall(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Response>;
}

async function page(service: AuditLogUnderTest, query: string): Promise<AuditPageAnswer> {
  const res = await service.ownerCall('GET', `${service.auditPath}?${query}`);
  assert.equal(res.status, 200, `${query}: ${await res.clone().text()}`);
  return auditPageAnswerSchema.parse(await res.json());
}

/** Entries of two new actors around midnight in Adelaide (UTC+10:30 in March), then the filters. */
export async function assertAuditLogFilters(service: AuditLogUnderTest): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const first = `first.${tag}@example.org`;
  const second = `second.${tag}@example.org`;
  const rows: Array<[string, string, string]> = [
    ['2026-02-28T13:40:00Z', second, 'C: Adelaide 1 March 00:10'],
    ['2026-03-01T13:29:00Z', first, 'A: Adelaide 1 March 23:59'],
    ['2026-03-01T13:31:00Z', first, 'B: Adelaide 2 March 00:01'],
  ];
  for (const [at, actor, summary] of rows) {
    await service.pool.query('INSERT INTO audit_log (at, actor_email, action, target, summary) VALUES ($1, $2, $3, $4, $5)', [at, actor, service.action, `test:${tag}`, summary]);
  }
  const summaries = async (query: string) => (await page(service, query)).entries.map((entry) => entry.summary.slice(0, 1));
  const actor = `actor=${encodeURIComponent(first.toUpperCase())}`;
  assert.deepEqual(await summaries(actor), ['B', 'A'], 'by actor, any case, newest first');
  assert.deepEqual(await summaries(`${actor}&from=2026-03-02`), ['B'], 'from: the whole Adelaide day on');
  assert.deepEqual(await summaries(`${actor}&to=2026-03-01`), ['A'], 'to: up to the end of the Adelaide day');
  assert.deepEqual(await summaries(`actor=${encodeURIComponent(second)}&from=2026-03-01&to=2026-03-01`), ['C']);
  assert.deepEqual(await summaries(`from=2026-03-01&to=2026-03-02&action=${service.action}&${actor}`), ['B', 'A']);
  const one = await page(service, `${actor}&limit=1`);
  assert.deepEqual(one.entries.map((entry) => entry.summary.slice(0, 1)), ['B']);
  assert.ok(one.nextBefore);
  const next = await page(service, `${actor}&limit=1&before=${one.nextBefore}`);
  assert.deepEqual(next.entries.map((entry) => entry.summary.slice(0, 1)), ['A']);
  for (const query of ['from=2026-02-30', 'to=1.3.2026', 'from=2026-03-02&to=2026-03-01', 'actor=', 'limit=101', 'before=abc', 'nope=1']) {
    const res = await service.ownerCall('GET', `${service.auditPath}?${query}`);
    assert.equal(res.status, 400, `${query}: ${await res.clone().text()}`);
  }
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')).map((entry) => join(entry.parentPath, entry.name));
}

async function snapshot(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ digest: string | null; count: string }>(
    `SELECT md5(string_agg(concat_ws('|', id, at, actor_user_id, actor_email, action, target, summary, ip), ',' ORDER BY id)) AS digest, count(*)::text AS count FROM audit_log`,
  );
  return `${rows[0]?.count}:${rows[0]?.digest}`;
}

/** Entries cannot be edited or deleted through any API, and the database refuses it too. */
export async function assertAuditLogUnchangeable(service: AuditLogUnderTest): Promise<void> {
  const { rows: triggers } = await service.pool.query<{ tgname: string }>(`SELECT tgname FROM pg_trigger WHERE tgrelid = 'audit_log'::regclass AND NOT tgisinternal ORDER BY tgname`);
  assert.deepEqual(
    triggers.map((row) => row.tgname),
    ['audit_log_append_only', 'audit_log_no_truncate'],
  );
  const dir = typeof service.sourceDir === 'string' ? service.sourceDir : fileURLToPath(service.sourceDir);
  const writes = /\b(?:UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:"?\w+"?\.)?"?audit_log\b/i;
  const files = await sourceFiles(dir);
  assert.ok(files.length > 10, `the service's sources in ${dir}`);
  for (const file of files) assert.doesNotMatch(await readFile(file, 'utf8'), writes, `${file} changes audit_log`);

  const { rows } = await service.pool.query<{ id: string }>('SELECT max(id)::text AS id FROM audit_log');
  const id = rows[0]?.id ?? '1';
  const before = await snapshot(service.pool);
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    for (const path of [service.auditPath, `${service.auditPath}/${id}`]) {
      const res = await service.ownerCall(method, path, { summary: 'changed' });
      assert.ok(res.status === 404 || res.status === 405, `${method} ${path}: ${res.status}`);
    }
  }
  const res = await service.ownerCall('GET', `${service.auditPath}/${id}`);
  assert.ok(res.status === 404 || res.status === 405, `GET ${service.auditPath}/${id}: ${res.status}`);
  assert.equal(await snapshot(service.pool), before, 'no audit entry changed');
  await assert.rejects(service.pool.query(`UPDATE audit_log SET summary = 'changed' WHERE id = $1`, [id]), /append-only/);
  await assert.rejects(service.pool.query('DELETE FROM audit_log WHERE id = $1', [id]), /append-only/);
}
