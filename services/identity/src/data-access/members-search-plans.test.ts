import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestIdentity, type TestIdentity } from '../testing/harness.js';
import { memberSearchQueries, type MemberSearchFilter } from './member-search-repository.js';
import { generateMembers, MEMBERS_AT_SCALE } from '../testing/generated-members.js';

/**
 * Paging the members desk stays fast at 50,000 members (issue 15) because every filter has an index
 * (migration 007): on 50,000 generated members (one INSERT … SELECT generate_series each for accounts and
 * memberships, then ANALYZE), EXPLAIN (FORMAT JSON) of the statements the search runs shows each filter
 * answered by its index and no sequential scan of memberships. Plans, not timings: the bench
 * (npm run bench:members) measures the latency.
 */

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('members_plans');
  await generateMembers(identity.pool, MEMBERS_AT_SCALE);
});
after(async () => {
  await identity?.stop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

async function planOf(query: { text: string; values: unknown[] }): Promise<PlanNode[]> {
  const { rows } = await identity.pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${query.text}`, query.values);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  assert.ok(plan, 'a plan');
  return nodesOf(plan);
}

/** The plan reads memberships through one of `indexes` and never scans the table whole. */
async function assertUses(query: { text: string; values: unknown[] }, indexes: readonly string[], label: string): Promise<void> {
  const nodes = await planOf(query);
  const shown = JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'] ?? n['Index Name'] ?? '']));
  assert.ok(!nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'memberships'), `${label}: no Seq Scan on memberships: ${shown}`);
  assert.ok(
    nodes.some((n) => n['Index Name'] !== undefined && indexes.includes(n['Index Name'])),
    `${label}: uses ${indexes.join(' or ')}: ${shown}`,
  );
}

const FIRST_PAGE = { offset: 0, limit: 25 };

describe(`members search plans at ${MEMBERS_AT_SCALE} members`, () => {
  it('has the generated rows', async () => {
    const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM memberships');
    assert.equal(rows[0]?.n, MEMBERS_AT_SCALE);
  });

  const cases: Array<[string, MemberSearchFilter, readonly string[]]> = [
    ['no filter (by name)', {}, ['memberships_name_order_idx']],
    ['a part of a name', { q: 'amily1234' }, ['memberships_search_trgm_idx']],
    ['a part of an e-mail', { q: 'member4321@' }, ['memberships_search_trgm_idx']],
    ['a Tamil name', { q: 'மீனா family14' }, ['memberships_search_trgm_idx']],
    ['a level', { level: 'Gold-Family' }, ['memberships_level_name_idx']],
    ['a stored status', { status: 'Pending' }, ['memberships_status_name_idx']],
    ['Active (as shown)', { status: 'Active' }, ['memberships_status_name_idx']],
    ['Expired (as shown), most recently ended first', { status: 'Expired' }, ['memberships_ends_on_idx']],
    ['ends within 30 days, soonest first', { endsWithinDays: 30 }, ['memberships_ends_on_idx']],
    ['a name and a level', { q: 'amily1234', level: 'Silver-Single' }, ['memberships_search_trgm_idx']],
    ['a level, a status and ends within', { level: 'Silver-Family', status: 'Active', endsWithinDays: 14 }, ['memberships_ends_on_idx', 'memberships_level_name_idx', 'memberships_status_name_idx']],
  ];
  for (const [label, filter, indexes] of cases) {
    it(`pages ${label} through its index`, async () => {
      await assertUses(memberSearchQueries(filter, FIRST_PAGE).rows, indexes, label);
    });
  }

  it('pages deep into the roll through the name index', async () => {
    await assertUses(memberSearchQueries({}, { offset: 40_000, limit: 25 }).rows, ['memberships_name_order_idx'], 'page 1601');
  });

  it('counts the facets of a search or an "ends within" through their index', async () => {
    await assertUses(memberSearchQueries({ q: 'amily1234', level: 'Gold-Single' }, FIRST_PAGE).counts, ['memberships_search_trgm_idx'], 'counts of a search');
    await assertUses(memberSearchQueries({ endsWithinDays: 30, status: 'Active' }, FIRST_PAGE).counts, ['memberships_ends_on_idx'], 'counts of ends within');
  });
});
