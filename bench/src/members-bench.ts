import { createHmac } from 'node:crypto';
import pg from 'pg';
import { membersAnswerSchema, MEMBERSHIP_LEVELS } from '@tca/contracts';
import { log, reportProblems, runBench } from './bench-main.js';
import { benchDataDir, NO_IDENTITY_RATE_LIMITS, startBenchSite } from './bench-site.js';
import { postJson, registerAndLogin } from './gateway-requests.js';
import { machineLine, startedSiteNote } from './machine-line.js';
import { formatMembersTable, memberSearches, membersRowProblems, MEMBERS_USAGE, parseMembersBenchOptions, type MembersBenchOptions, type MembersRow } from './members-report.js';

/**
 * `npm run bench:members`: the members desk's search latency (GET /staff-api/members, issue 15) through
 * the gateway at 50,000 members by default. Starts the composed site on free ports with a temporary data
 * folder and Redis database 5, generates the members in identity's tables with one INSERT … SELECT
 * generate_series (then ANALYZE), makes a membership officer (an account given the role, its authenticator
 * set up through the API with a code computed here), then times each search one request at a time after
 * a few unmeasured ones. Every answer must be 200; each search's p95 must stay within the budget.
 */

const WARMUP_REQUESTS = 5;

/** RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0xf;
  return String(mac.readUInt32BE(offset) % 2 ** 31 % 1_000_000).padStart(6, '0');
}

/** `count` members (account + Active, Pending or Rejected membership of a cycling level) in one statement, then ANALYZE. */
async function generateMembers(client: pg.Client, count: number): Promise<void> {
  await client.query(
    `WITH accounts AS (
       INSERT INTO identity.users (email, first_name, last_name, phone_number, password_hash, terms_accepted_at)
       SELECT 'bench.member' || n || '@example.org', (ARRAY['Meera','Kavya','Arun','மீனா','Selvi','Vel','Anbu','Tharani','சுந்தர்','Nila','Karthik'])[1 + n % 11],
              'Family' || n, '614' || lpad(n::text, 8, '0'), 'bench: no password', now()
         FROM generate_series(1, $1::int) AS n
       RETURNING id, email, first_name, last_name, phone_number, (regexp_match(email, '[0-9]+'))[1]::int AS n)
     INSERT INTO identity.memberships (user_id, request_id, membership_name, term, status, first_name, last_name, email, phone, starts_on, ends_on)
     SELECT a.id, 'M-BENCH-' || lpad(a.n::text, 6, '0'), ($2::text[])[1 + a.n % cardinality($2::text[])], ($3::text[])[1 + a.n % cardinality($3::text[])],
            (ARRAY['Pending','Active','Active','Active','Active','Rejected','Active','Active','Active','Active'])[1 + a.n % 10],
            a.first_name, a.last_name, a.email, a.phone_number,
            CASE WHEN ($3::text[])[1 + a.n % cardinality($3::text[])] = 'annual' THEN current_date + (a.n * 37) % 730 - 365 - 365 END,
            CASE WHEN ($3::text[])[1 + a.n % cardinality($3::text[])] = 'annual' THEN current_date + (a.n * 37) % 730 - 365 END
       FROM accounts a`,
    [count, MEMBERSHIP_LEVELS.map((l) => l.name), MEMBERSHIP_LEVELS.map((l) => l.term)],
  );
  await client.query('ANALYZE identity.users');
  await client.query('ANALYZE identity.memberships');
}

/** A membership officer's staff session: an account, the role, the authenticator set up through the API. */
async function officerSession(gatewayUrl: string, client: pg.Client, runId: string): Promise<string> {
  const account = { firstName: 'Bench', lastName: 'Officer', email: `bench-officer-${runId}@example.org`, phoneNumber: '61412345678', password: `Bench#${runId}Officer`, termsAccepted: true as const };
  await registerAndLogin(gatewayUrl, account);
  await client.query(`INSERT INTO identity.staff_roles (user_id, role, granted_by) SELECT id, 'membership_officer', 'bench' FROM identity.users WHERE lower(email) = lower($1)`, [account.email]);
  const login = await postJson(`${gatewayUrl}/auth/login`, JSON.stringify({ email: account.email, password: account.password }));
  const challenge = (login.json as { challenge?: string }).challenge;
  if (!challenge) throw new Error(`The officer's login asked for no second factor: ${JSON.stringify(login.json)}`);
  const enrol = await postJson(`${gatewayUrl}/auth/login/enrol`, JSON.stringify({ challenge }));
  const secret = (enrol.json as { secret?: string }).secret;
  if (!secret) throw new Error(`Setting up the officer's authenticator failed: ${enrol.status} ${JSON.stringify(enrol.json)}`);
  const confirmed = await postJson(`${gatewayUrl}/auth/login/enrol/confirm`, JSON.stringify({ challenge, code: totp(secret) }));
  const token = (confirmed.json as { token?: string }).token;
  if (!token) throw new Error(`Confirming the officer's authenticator failed: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
  return token;
}

/** One search: a few unmeasured requests, then `requests` timed ones, one at a time. */
async function timeSearch(gatewayUrl: string, token: string, search: { label: string; query: string }, requests: number, signal: AbortSignal): Promise<MembersRow> {
  const row: MembersRow = { ...search, durations: [], total: 0, failures: 0 };
  for (let i = 0; i < WARMUP_REQUESTS + requests && !signal.aborted; i += 1) {
    const started = performance.now();
    const res = await fetch(`${gatewayUrl}/staff-api/members${search.query}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, signal });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (i < WARMUP_REQUESTS) continue;
    row.durations.push(elapsed);
    if (res.status !== 200) row.failures += 1;
    else row.total = membersAnswerSchema.parse(JSON.parse(text)).total;
  }
  return row;
}

await runBench<MembersBenchOptions>(
  () => parseMembersBenchOptions(process.argv.slice(2), process.env),
  MEMBERS_USAGE,
  async (options, controller, cleanups) => {
    const dataDir = await benchDataDir('members', cleanups);
    const stack = await startBenchSite({ dataDir, build: options.build, signal: controller.signal, env: { REDIS_URL: options.redisUrl, ...NO_IDENTITY_RATE_LIMITS } }, cleanups);
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    cleanups.push(() => client.end());
    const runId = Date.now().toString(36);
    log(`generating ${options.members} members...`);
    const generating = performance.now();
    await generateMembers(client, options.members);
    log(`  in ${((performance.now() - generating) / 1000).toFixed(1)} s; signing in a membership officer...`);
    const token = await officerSession(stack.gatewayUrl, client, runId);
    const rows: MembersRow[] = [];
    for (const search of memberSearches(options.members)) {
      const row = await timeSearch(stack.gatewayUrl, token, search, options.requests, controller.signal);
      log(`  ${search.label}: ${row.durations.length} requests`);
      rows.push(row);
    }
    console.log(`\nMembers desk search through the gateway (GET /staff-api/members), ${options.members} members, ${options.requests} requests per search one at a time; budget p95 ≤ ${options.budgetMs} ms`);
    console.log(`${machineLine()}, ${startedSiteNote()}\n`);
    console.log(formatMembersTable(rows, options.budgetMs));
    return reportProblems(rows.flatMap((row) => membersRowProblems(row, options.budgetMs)));
  },
);
