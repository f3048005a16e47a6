import { MEMBERSHIP_LEVELS } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import { MEMBERSHIP_TIME_ZONE } from '../data-access/membership-repository.js';

/** The members desk's scale target (issue 15). */
export const MEMBERS_AT_SCALE = 50_000;

/** First names the generated members cycle through (Tamil ones included, so a Tamil search has rows to find). */
const FIRST_NAMES = ['Meera', 'Kavya', 'Arun', 'மீனா', 'Selvi', 'Vel', 'Anbu', 'Tharani', 'சுந்தர்', 'Nila', 'Karthik'];

/**
 * Adds `count` accounts, each with one membership, in two INSERT … SELECT generate_series statements (no
 * round trip per member), then ANALYZE (every row) so the planner knows the tables. Member i is
 * `gen.member<i>@example.org`, named `<first name> Family<i>`; levels cycle, one in ten is Pending and one
 * in twenty Rejected, and annual memberships end spread over a year either side of today (some Expired).
 * Used by members-search-plans.test.ts and the members bench.
 */
export async function generateMembers(pool: Pool, count: number, label = 'gen'): Promise<void> {
  const levels = MEMBERSHIP_LEVELS.map((l) => l.name);
  const terms = MEMBERSHIP_LEVELS.map((l) => l.term);
  await pool.query(
    `INSERT INTO users (email, first_name, last_name, phone_number, password_hash, terms_accepted_at)
     SELECT $3 || '.member' || i || '@example.org', ($2::text[])[1 + i % cardinality($2::text[])], 'Family' || i, '614' || lpad(i::text, 8, '0'), 'generated: no password', now()
       FROM generate_series(1, $1::int) AS i`,
    [count, FIRST_NAMES, label],
  );
  await pool.query(
    `WITH g AS (
       SELECT i, ($2::text[])[1 + i % cardinality($2::text[])] AS level, ($3::text[])[1 + i % cardinality($3::text[])] AS term,
              ((now() AT TIME ZONE '${MEMBERSHIP_TIME_ZONE}')::date + ((i * 37) % 730 - 365)) AS ends_on
         FROM generate_series(1, $1::int) AS i)
     INSERT INTO memberships (user_id, request_id, membership_name, term, status, first_name, last_name, email, phone, starts_on, ends_on)
     SELECT u.id, 'M-' || upper($4) || '-' || lpad(g.i::text, 6, '0'), g.level, g.term,
            CASE WHEN g.i % 10 = 0 THEN 'Pending' WHEN g.i % 20 = 5 THEN 'Rejected' ELSE 'Active' END,
            u.first_name, u.last_name, u.email, u.phone_number,
            CASE WHEN g.term = 'annual' THEN (g.ends_on - interval '1 year')::date END, CASE WHEN g.term = 'annual' THEN g.ends_on END
       FROM g JOIN users u ON lower(u.email) = $4 || '.member' || g.i || '@example.org'`,
    [count, levels, terms, label],
  );
  // Statistics from every row, not ANALYZE's random sample of 30,000 (300 × the default target of 100):
  // a pattern's estimated selectivity, and so the plan EXPLAIN shows, is then the same on every run.
  const client = await pool.connect();
  try {
    await client.query('SET default_statistics_target = 1000');
    await client.query('ANALYZE users');
    await client.query('ANALYZE memberships');
  } finally {
    client.release();
  }
}
