import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { MEMBERSHIP_LEVEL_NAMES, type MembershipLevelName, REVENUE_ALL_LEVELS, REVENUE_CSV_COLUMNS, REVENUE_TIME_ZONE, REVENUE_YEAR_MESSAGE, revenueAnswerSchema, staffRevenuePaths, type RevenueFigures, type RevenueLevelFigures } from '@tca/contracts';
import { parseCsv } from '@tca/service-kit/testing';
import { newOrderReference } from '../../data-access/order-repository.js';
import { REVENUE_SQL } from '../../data-access/revenue-repository.js';
import { call, Closers, staffTokens, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

/**
 * The treasurer's revenue report (issue 15) on the real service and database: orders paid and refunded across
 * months, levels and the year's edges in Adelaide time (ACDT, UTC+10:30, in December and January), the same
 * numbers as CSV, 400 for a bad year and 403 for a role without the desk.
 */

interface Sale {
  level: string;
  cents: number;
  paidAt: string;
  refundedAt?: string;
}

const SILVER: MembershipLevelName = 'Silver-Single';
const FAMILY: MembershipLevelName = 'Silver-Family';
const GOLD: MembershipLevelName = 'Gold-Student';
const DEMO = 'Stubborn Attachments';

/** Hand-picked edges: 2025-12-31 23:30 Adelaide is 2025's, 2026-01-01 00:10 Adelaide (still 2025 in UTC) is January's. */
const EDGES: Sale[] = [
  { level: GOLD, cents: 5000, paidAt: '2025-12-31T13:00:00Z' },
  { level: GOLD, cents: 5000, paidAt: '2025-12-31T13:40:00Z' },
  // 23:50 on 31 December 2026 in Adelaide, then 00:05 on 1 January 2027.
  { level: SILVER, cents: 3000, paidAt: '2026-12-31T13:20:00Z' },
  { level: SILVER, cents: 3100, paidAt: '2026-12-31T13:35:00Z' },
  // Paid in March, refunded in April: April's net is negative.
  { level: FAMILY, cents: 8000, paidAt: '2026-03-10T02:00:00Z', refundedAt: '2026-04-02T02:00:00Z' },
  // Paid in 2025, refunded in February 2026: only the refund is 2026's.
  { level: SILVER, cents: 3000, paidAt: '2025-11-20T02:00:00Z', refundedAt: '2026-02-01T02:00:00Z' },
  { level: DEMO, cents: 2000, paidAt: '2026-06-15T05:00:00Z' },
];

/** Generated sales: levels, amounts and instants spread over 2025 to 2027, a fifth of them refunded weeks later. */
function generatedSales(count: number): Sale[] {
  const levels = [SILVER, FAMILY, GOLD, DEMO];
  const start = Date.parse('2025-06-01T00:00:00Z');
  const span = Date.parse('2027-06-01T00:00:00Z') - start;
  return Array.from({ length: count }, (_, i) => {
    const paid = start + ((i * 7_919_993_977) % span);
    const sale: Sale = { level: levels[i % levels.length] as string, cents: 1000 + ((i * 37) % 90) * 100, paidAt: new Date(paid).toISOString() };
    return i % 5 === 0 ? { ...sale, refundedAt: new Date(paid + (i % 9) * 7 * 86_400_000).toISOString() } : sale;
  });
}

const MONTH_OF = new Intl.DateTimeFormat('en-CA', { timeZone: REVENUE_TIME_ZONE, year: 'numeric', month: '2-digit' });

/** `2026-01`: the Adelaide year and month of an instant, as the report should count it. */
function adelaideMonth(iso: string): string {
  const parts = Object.fromEntries(MONTH_OF.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}`;
}

type Key = `${string}|${string}`;

/** What the report should say, per `YYYY-MM|level`, computed apart from the SQL. */
function expected(sales: readonly Sale[]): Map<Key, RevenueFigures> {
  const out = new Map<Key, RevenueFigures>();
  const add = (key: Key, change: Partial<RevenueFigures>) => {
    const was = out.get(key) ?? { paidCents: 0, refundedCents: 0, netCents: 0, count: 0, refundCount: 0 };
    const paidCents = was.paidCents + (change.paidCents ?? 0);
    const refundedCents = was.refundedCents + (change.refundedCents ?? 0);
    out.set(key, { paidCents, refundedCents, netCents: paidCents - refundedCents, count: was.count + (change.count ?? 0), refundCount: was.refundCount + (change.refundCount ?? 0) });
  };
  for (const sale of sales) {
    add(`${adelaideMonth(sale.paidAt)}|${sale.level}`, { paidCents: sale.cents, count: 1 });
    if (sale.refundedAt) add(`${adelaideMonth(sale.refundedAt)}|${sale.level}`, { refundedCents: sale.cents, refundCount: 1 });
  }
  return out;
}

describe('the treasurer’s revenue report: per month and level, in Adelaide time, as JSON and CSV', { timeout: 180_000 }, () => {
  const closers = new Closers();
  const sales = [...EDGES, ...generatedSales(60)];
  let stack: PaymentsStack;
  let staff: ReturnType<typeof staffTokens>;
  const get = (path: string, role?: 'treasurer' | 'owner' | 'editor') => call(`${stack.url}${path}`, role ? { token: staff[role] } : {});

  before(async () => {
    stack = await startPaymentsStack(closers);
    staff = staffTokens(stack, 911);
    for (const sale of sales) {
      const membership = sale.level !== DEMO;
      await stack.pool.query(
        `INSERT INTO checkout_orders (reference, kind, user_id, email, product_name, level, amount_cents, idempotency_key, member_details, status, paid_at, refunded_at)
         VALUES ($1, $2, $3, 'buyer@example.org', $4, $5, $6, $7, $8::jsonb, $9, $10, $11)`,
        [newOrderReference(), membership ? 'membership' : 'demo', membership ? '42' : null, sale.level, membership ? sale.level : null, sale.cents, `checkout-${randomUUID()}`, membership ? '{}' : null, sale.refundedAt ? 'refunded' : 'paid', sale.paidAt, sale.refundedAt ?? null],
      );
    }
    // Orders never paid count nowhere.
    await stack.pool.query(`INSERT INTO checkout_orders (reference, kind, email, product_name, amount_cents, idempotency_key, status) VALUES ($1, 'demo', 'x@example.org', $2, 2000, $3, 'expired')`, [newOrderReference(), DEMO, `checkout-${randomUUID()}`]);
  });
  after(() => closers.closeAll());

  for (const year of [2025, 2026, 2027]) {
    it(`adds up ${year} per month and level as computed apart (paid by paid_at, refunds by refunded_at, Adelaide months)`, async () => {
      const res = await get(staffRevenuePaths.revenue(year), 'treasurer');
      assert.equal(res.status, 200);
      const report = revenueAnswerSchema.parse(res.body);
      const want = expected(sales);
      const got = new Map<Key, RevenueFigures>();
      for (const month of report.months) {
        for (const { level, ...figures } of month.levels) got.set(`${year}-${String(month.month).padStart(2, '0')}|${level}`, figures);
        const sum = month.levels.reduce((a, l) => a + l.netCents, 0);
        assert.equal(month.netCents, sum, `month ${month.month} is the sum of its levels`);
      }
      assert.deepEqual(got, new Map([...want].filter(([key]) => key.startsWith(`${year}-`))));
      assert.deepEqual(report.months.map((m) => m.month), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      assert.equal(report.totals.netCents, report.totals.paidCents - report.totals.refundedCents);
      assert.equal(report.totals.count, report.levels.reduce((a, l) => a + l.count, 0));
      assert.deepEqual(report.levels.map((l) => l.level), [...MEMBERSHIP_LEVEL_NAMES, DEMO].filter((l) => report.levels.some((r) => r.level === l)), 'levels in the site’s order, products after');
    });
  }

  it('counts the edges of the year in Adelaide time and a refund in its own month', async () => {
    const report = revenueAnswerSchema.parse((await get(staffRevenuePaths.revenue(2026), 'owner')).body);
    const level = (month: number, name: string) => report.months[month - 1]?.levels.find((l) => l.level === name);
    assert.ok((level(1, GOLD)?.count ?? 0) >= 1, '00:10 on 1 January in Adelaide is January’s');
    assert.ok((level(12, SILVER)?.count ?? 0) >= 1, '23:50 on 31 December in Adelaide is December’s');
    const next = revenueAnswerSchema.parse((await get(staffRevenuePaths.revenue(2027), 'owner')).body);
    assert.ok((next.months[0]?.levels.find((l) => l.level === SILVER)?.count ?? 0) >= 1, '00:05 on 1 January in Adelaide is the next year’s');
    assert.ok((level(4, FAMILY)?.refundedCents ?? 0) >= 8000);
    assert.ok((level(2, SILVER)?.refundCount ?? 0) >= 1, 'a refund of a 2025 order counts in February 2026');
  });

  it('gives the same numbers as CSV: BOM, CRLF, a row per month and level, then the year’s totals', async () => {
    const year = 2026;
    const report = revenueAnswerSchema.parse((await get(staffRevenuePaths.revenue(year), 'treasurer')).body);
    const res = await fetch(`${stack.url}${staffRevenuePaths.csv(year)}`, { headers: { Authorization: `Bearer ${staff.treasurer}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv; charset=utf-8/);
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="revenue-${year}.csv"`);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.subarray(0, 3).toString('hex'), 'efbbbf');
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    assert.deepEqual(header, [...REVENUE_CSV_COLUMNS]);
    const cells = (month: string, f: RevenueLevelFigures) => [month, f.level, String(f.count), String(f.paidCents / 100), String(f.refundCount), String(f.refundedCents / 100), String(f.netCents / 100)];
    const monthRows = report.months.flatMap((m) => m.levels.map((l) => cells(`${year}-${String(m.month).padStart(2, '0')}`, l)));
    const totalRows = [...report.levels, { ...report.totals, level: REVENUE_ALL_LEVELS }].map((l) => cells(String(year), l));
    assert.deepEqual(rows, [...monthRows, ...totalRows]);
    assert.ok(rows.some((row) => row[6]?.startsWith('-')), 'a negative net is written as a number (not neutralised as a formula)');
  });

  it('reads the year through the paid_at and refunded_at indexes (migration 005), not the whole table', async () => {
    const client = await stack.pool.connect();
    try {
      // The table is small here, so the planner would read it all anyway: forbid that to see that the indexes fit the query.
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${REVENUE_SQL}`, [2026, REVENUE_TIME_ZONE]);
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      assert.match(text, /checkout_orders_paid_at_idx/);
      assert.match(text, /checkout_orders_refunded_at_idx/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('answers 400 for a bad or missing year, 403 for a role without the desk, 401 without a login', async () => {
    for (const query of ['', '?year=', '?year=26', '?year=1999', '?year=2101', '?year=2026.5', '?year=abcd', '?year=2026&year=2027', '?year=2026&x=1']) {
      for (const path of ['revenue', 'revenue.csv']) {
        const res = await get(`/staff-api/payments/${path}${query}`, 'treasurer');
        assert.equal(res.status, 400, `${path}${query}`);
        if (!query.includes('x=1')) assert.match((res.body as { message: string }).message, new RegExp(REVENUE_YEAR_MESSAGE), `${path}${query}`);
      }
    }
    assert.equal((await get(staffRevenuePaths.revenue(2026), 'editor')).status, 403);
    assert.equal((await get(staffRevenuePaths.csv(2026), 'editor')).status, 403);
    assert.equal((await get(staffRevenuePaths.revenue(2026))).status, 401);
  });
});
