/**
 * The identity operators' CLI: `npm run admin -- memberships list|approve|reject …` and `staff add|list|remove|reset-2fa …`.
 * Needs the site's PostgreSQL: DATABASE_URL, or else the database of the `npm start` running on this machine
 * (its state file). Runs the identity migrations first, so it works on a database of any age. E-mails are
 * written to the outbox; a running identity API or membership worker sends them.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { emailFieldSchema, STAFF_ROLE_LABELS, STAFF_ROLES, staffRolesSchema, type StaffListAnswer, type StaffRole } from '@tca/contracts';
import { AppError, createPool, formatDateTimeIn, runMigrations, type Pool } from '@tca/service-kit';
import { ADELAIDE_TIME_ZONE, brandFor } from '../../domain/account-emails.js';
import { MIGRATIONS_DIR, SCHEMA } from '../../config.js';
import { lastValidDay } from '../../domain/membership-emails.js';
import { approveMembership, isMembershipStatus, listMemberships, rejectMembership, type DecisionSettings, type MembershipSummary } from '../../domain/membership-decisions.js';
import { cliActor } from '../../domain/audit.js';
import { grantOrInvite, listStaff, resetSecondFactor, setStaffRoles, staffUserIdByEmail } from '../../domain/staff.js';
import { runningStack, stackStateFile } from './stack-state.js';

const USAGE = `Usage:
  npm run admin -- memberships list [--status Pending|Active|Current|Rejected|Expired]
      Every membership, oldest first (as the member sees its status: Expired is computed).
  npm run admin -- memberships approve <email|requestId> [--by <name>]
      Pending → Active, and e-mail the member.
  npm run admin -- memberships reject <email|requestId> [--reason <text>] [--by <name>]
      Pending → Rejected, and e-mail the member (with the reason, if given).
  An e-mail address names the account's one Pending request; with several, use the request ID (M-2026-000123).
  Every decision is recorded with who made it (--by, default cli:<your login name>) and when.
  npm run admin -- staff add <email> --role <role> [--role <role>…]
      An existing account gets the roles at once (it sets up an authenticator app at its next login);
      a new address gets an invitation e-mail with a single-use link, valid 72 hours (also printed here).
  npm run admin -- staff list
      The staff, their roles and whether they set up two-factor sign-in; pending invitations.
  npm run admin -- staff remove <email>
      Removes every staff role of the account (the last owner cannot be removed).
  npm run admin -- staff reset-2fa <email>
      For staff who lost their authenticator app and recovery codes (an owner can do it in the staff area):
      forgets the app and the codes and ends their sessions; their next login sets up a new app.
  Roles: ${STAFF_ROLES.join(', ')}. Staff changes are in the audit log as cli:<your login name>.

Environment: DATABASE_URL, or else the database of the npm start running on this machine (found in its
state file, <repo>/.data/stack.json or $TCA_DATA_DIR/stack.json);
PUBLIC_URL (the site's address, for links in the e-mails; default: the running npm start's, else http://localhost:3000).
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
      options: {
        status: { type: 'string' },
        reason: { type: 'string' },
        by: { type: 'string' },
        role: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
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
  const { status, reason, by, role } = parsed.values;
  const memberships =
    area === 'memberships' &&
    role === undefined &&
    ((command === 'list' && target === undefined && reason === undefined && by === undefined) ||
      (command === 'approve' && target !== undefined && status === undefined && reason === undefined) ||
      (command === 'reject' && target !== undefined && status === undefined));
  const staff =
    area === 'staff' &&
    status === undefined &&
    reason === undefined &&
    by === undefined &&
    ((command === 'list' && target === undefined && role === undefined) ||
      (command === 'add' && target !== undefined && role !== undefined) ||
      ((command === 'remove' || command === 'reset-2fa') && target !== undefined && role === undefined));
  if (rest.length > 0 || !(memberships || staff)) {
    out.error(USAGE);
    return 2;
  }
  if (status !== undefined && !isMembershipStatus(status)) {
    out.error(`--status must be one of Pending, Active, Current, Rejected, Expired (not "${status}").`);
    return 2;
  }
  let staffInput: { email: string; roles: StaffRole[] } | undefined;
  if (area === 'staff' && target !== undefined) {
    const email = emailFieldSchema.safeParse(target);
    const roles = staffRolesSchema.safeParse(role ?? ['owner']);
    if (!email.success || !roles.success) {
      out.error(!email.success ? `"${target}" is not an e-mail address.` : `--role must be one of ${STAFF_ROLES.join(', ')}, each once.`);
      return 2;
    }
    staffInput = { email: email.data, roles: roles.data };
  }
  // Without DATABASE_URL: the database of the npm start running on this machine, if there is one.
  const stack = env.DATABASE_URL ? undefined : runningStack(env);
  const databaseUrl = env.DATABASE_URL || stack?.databaseUrl;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const missing = `is not set, and no running npm start was found (${stackStateFile(env)})`;
    out.error(`DATABASE_URL ${databaseUrl ? 'must be a postgres:// URL' : missing}.\n\n${USAGE}`);
    return 2;
  }
  if (stack) out.log(`Using the database of the npm start running since ${stack.startedAt} (pid ${stack.pid}).`);
  const publicUrl = env.PUBLIC_URL || stack?.siteUrl || 'http://localhost:3000';
  if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) {
    out.error('PUBLIC_URL must be an http(s):// URL.');
    return 2;
  }
  const pool = createPool({ connectionString: databaseUrl, schema: SCHEMA, applicationName: 'identity-cli', max: 2 });
  try {
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
    if (area === 'staff') return await staffCommand(pool, command ?? '', staffInput, { loginName: loginName(env), publicUrl }, out);
    if (command === 'list') {
      const rows = await listMemberships(pool, status !== undefined && isMembershipStatus(status) ? { status } : {});
      if (rows.length === 0) out.log(status ? `No ${status} memberships.` : 'No memberships yet.');
      else for (const line of table(rows)) out.log(line);
      return 0;
    }
    const settings: DecisionSettings = { decidedBy: by ?? `cli:${loginName(env)}`, actor: cliActor(loginName(env)), brand: brandFor(publicUrl), publicUrl };
    const result = command === 'approve' ? await approveMembership(pool, target ?? '', settings) : await rejectMembership(pool, target ?? '', reason, settings);
    out.log(`${result.requestId} (${result.membershipName}, ${result.email}) is now ${result.status}; e-mail ${result.emailKey} queued for ${result.email}.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      out.error(err.message);
      return 1;
    }
    out.error(`${area ?? ''} ${command ?? ''} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await pool.end();
  }
}

const labels = (roles: readonly StaffRole[]) => roles.map((r) => STAFF_ROLE_LABELS[r]).join(', ');

function staffTable(list: StaffListAnswer): string[] {
  const widthsOf = (rows: string[][]) => rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const render = (rows: string[][]) => {
    const widths = widthsOf(rows);
    return rows.map((r) => r.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ').trimEnd());
  };
  const lines: string[] = [];
  if (list.staff.length === 0) lines.push('No staff yet. Make the first owner: npm run admin -- staff add <email> --role owner');
  else {
    const header = ['E-mail', 'Name', 'Roles', 'Two-factor', 'Since'];
    const rows = list.staff.map((m) => [m.user.email, `${m.user.firstName} ${m.user.lastName}`, labels(m.roles), m.twoFactorEnrolled ? 'set up' : 'not yet', formatDateTimeIn(new Date(m.since), ADELAIDE_TIME_ZONE)]);
    lines.push(...render([header, header.map((h) => '-'.repeat(h.length)), ...rows]));
  }
  if (list.invitations.length > 0) {
    lines.push('', 'Pending invitations:');
    const header = ['E-mail', 'Roles', 'Invited by', 'Valid until'];
    const rows = list.invitations.map((i) => [i.email, labels(i.roles), i.invitedBy, formatDateTimeIn(new Date(i.expiresAt), ADELAIDE_TIME_ZONE)]);
    lines.push(...render([header, header.map((h) => '-'.repeat(h.length)), ...rows]));
  }
  return lines;
}

/** `staff add|list|remove|reset-2fa`: the same use cases as the staff API, recorded in the audit log as cli:<login name>. */
async function staffCommand(
  pool: Pool,
  command: string,
  input: { email: string; roles: StaffRole[] } | undefined,
  settings: { loginName: string; publicUrl: string },
  out: CliOutput,
): Promise<number> {
  const actor = cliActor(settings.loginName);
  if (command === 'list') {
    for (const line of staffTable(await listStaff(pool))) out.log(line);
    return 0;
  }
  if (!input) throw new Error('staff add/remove/reset-2fa without an e-mail');
  if (command === 'remove' || command === 'reset-2fa') {
    const userId = await staffUserIdByEmail(pool, input.email);
    if (userId === undefined) {
      out.error(`There is no account for ${input.email}.`);
      return 1;
    }
    if (command === 'reset-2fa') {
      await resetSecondFactor(pool, userId, actor);
      out.log(`${input.email}: authenticator app and recovery codes reset, sessions ended; their next login sets up a new app.`);
      return 0;
    }
    await setStaffRoles(pool, userId, [], actor);
    out.log(`${input.email} is no longer staff (every role removed; it takes effect on their next request).`);
    return 0;
  }
  const result = await grantOrInvite(pool, input.email, input.roles, actor, { brand: brandFor(settings.publicUrl), publicUrl: settings.publicUrl });
  if (result.outcome === 'granted') {
    const added = result.added.length > 0 ? `added ${labels(result.added)}` : 'nothing new';
    out.log(`${result.member.user.email} now has the roles ${labels(result.member.roles)} (${added}). ${result.member.twoFactorEnrolled ? 'Their authenticator app is set up.' : 'They set up an authenticator app at their next login.'}`);
    return 0;
  }
  out.log(`No account for ${result.invitation.email} yet: invitation e-mail queued (${labels(result.invitation.roles)}; the link works once, until ${formatDateTimeIn(new Date(result.invitation.expiresAt), ADELAIDE_TIME_ZONE)}).`);
  out.log(`Invitation link (for a local site, if the e-mail does not arrive): ${result.link}`);
  return 0;
}
