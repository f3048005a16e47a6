/**
 * The identity operators' CLI: `npm run admin -- memberships list|approve|reject …`. Needs DATABASE_URL (the
 * site's PostgreSQL). Runs the identity migrations first, so it works on a database of any age. E-mails are
 * written to the outbox; a running identity API or membership worker sends them.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { AppError, createPool, formatDateTimeIn, runMigrations } from '@tca/service-kit';
import { ADELAIDE_TIME_ZONE, brandFor } from '../../domain/account-emails.js';
import { MIGRATIONS_DIR, SCHEMA } from '../../config.js';
import { lastValidDay } from '../../domain/membership-emails.js';
import { approveMembership, isMembershipStatus, listMemberships, rejectMembership, type DecisionSettings, type MembershipSummary } from '../../domain/membership-decisions.js';

const USAGE = `Usage:
  npm run admin -- memberships list [--status Pending|Active|Current|Rejected|Expired]
      Every membership, oldest first (as the member sees its status: Expired is computed).
  npm run admin -- memberships approve <email|requestId> [--by <name>]
      Pending → Active, and e-mail the member.
  npm run admin -- memberships reject <email|requestId> [--reason <text>] [--by <name>]
      Pending → Rejected, and e-mail the member (with the reason, if given).
  An e-mail address names the account's one Pending request; with several, use the request ID (M-2026-000123).
  Every decision is recorded with who made it (--by, default cli:<your login name>) and when.

Environment: DATABASE_URL (required), e.g. the URL on the "Database" line npm start prints;
PUBLIC_URL (the site's address, for links in the e-mails; default http://localhost:3000).
The e-mails wait in the identity outbox until a running identity service or membership worker sends them.`;

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

function loginName(env: NodeJS.ProcessEnv): string {
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? env.USERNAME ?? 'unknown';
  }
}

function table(rows: MembershipSummary[]): string[] {
  const header = ['Request ID', 'Level', 'Status', 'Name', 'E-mail', 'Submitted', 'Valid until', 'Dependants'];
  const cells = rows.map((m) => [
    m.requestId,
    m.membershipName,
    m.status,
    m.name,
    m.email,
    formatDateTimeIn(m.createdAt, ADELAIDE_TIME_ZONE),
    m.term === 'life-time' ? 'life-time' : m.endsOn ? lastValidDay(m.endsOn) : '',
    String(m.dependants),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = console): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { status: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    out.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    out.log(USAGE);
    return 0;
  }
  const [area, command, target, ...rest] = parsed.positionals;
  const { status, reason, by } = parsed.values;
  const valid =
    area === 'memberships' &&
    rest.length === 0 &&
    ((command === 'list' && target === undefined && reason === undefined && by === undefined) ||
      (command === 'approve' && target !== undefined && status === undefined && reason === undefined) ||
      (command === 'reject' && target !== undefined && status === undefined));
  if (!valid) {
    out.error(USAGE);
    return 2;
  }
  if (status !== undefined && !isMembershipStatus(status)) {
    out.error(`--status must be one of Pending, Active, Current, Rejected, Expired (not "${status}").`);
    return 2;
  }
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    out.error(`DATABASE_URL ${databaseUrl ? 'must be a postgres:// URL' : 'is not set'}.\n\n${USAGE}`);
    return 2;
  }
  const publicUrl = env.PUBLIC_URL || 'http://localhost:3000';
  if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) {
    out.error('PUBLIC_URL must be an http(s):// URL.');
    return 2;
  }
  const pool = createPool({ connectionString: databaseUrl, schema: SCHEMA, applicationName: 'identity-cli', max: 2 });
  try {
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
    if (command === 'list') {
      const rows = await listMemberships(pool, status !== undefined && isMembershipStatus(status) ? { status } : {});
      if (rows.length === 0) out.log(status ? `No ${status} memberships.` : 'No memberships yet.');
      else for (const line of table(rows)) out.log(line);
      return 0;
    }
    const settings: DecisionSettings = { decidedBy: by ?? `cli:${loginName(env)}`, brand: brandFor(publicUrl), publicUrl };
    const result = command === 'approve' ? await approveMembership(pool, target ?? '', settings) : await rejectMembership(pool, target ?? '', reason, settings);
    out.log(`${result.requestId} (${result.membershipName}, ${result.email}) is now ${result.status}; e-mail ${result.emailKey} queued for ${result.email}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      out.error(err.message);
      return 1;
    }
    out.error(`memberships ${command ?? ''} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await pool.end();
  }
}
