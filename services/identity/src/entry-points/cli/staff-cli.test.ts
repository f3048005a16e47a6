import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LAST_OWNER_MESSAGE } from '@tca/contracts';
import { main, type CliOutput } from './admin-cli.js';
import { newEmail, outboxMails, registerAndLogin, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';
import { auditEntries, challengeFor } from '../../testing/staff.js';

/**
 * `npm run admin -- staff add|list|remove` (issue 14) on a real database, and how the CLI finds the
 * database of a running `npm start` without DATABASE_URL (its state file, written by tools/stack).
 */

let identity: TestIdentity;
let dataDir: string;

before(async () => {
  identity = await startTestIdentity('staff_cli');
  dataDir = mkdtempSync(join(tmpdir(), 'tca-staff-cli-'));
});
after(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await identity?.stop();
});

async function admin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const output: CliOutput = { log: (line) => out.push(line), error: (line) => err.push(line) };
  const code = await main(args, env, output);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const withUrl = (...args: string[]) => admin({ DATABASE_URL: identity.databaseUrl, PUBLIC_URL: TEST_PUBLIC_URL }, ...args);
const actor = `cli:${userInfo().username}`;

describe('npm run admin -- staff', () => {
  it('add: an existing account gets the role at once (and enrols at its next login); audited as cli:<login name>', async () => {
    const { email, password } = await registerAndLogin(identity);
    const run = await withUrl('staff', 'add', email, '--role', 'owner');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /now has the roles Owner \(added Owner\)\. They set up an authenticator app at their next login\./);
    await challengeFor(identity, email, password, 'enrol');
    assert.deepEqual((await auditEntries(identity, email)).map((e) => [e.action, e.actor_email]), [['role_granted', actor]]);
    const list = await withUrl('staff', 'list');
    assert.equal(list.code, 0, list.err);
    assert.match(list.out, new RegExp(`${email.replace(/\./g, '\\.')} +Meera Raman +Owner +not yet`));
  });

  it('add: a new address gets an invitation e-mail; the link is printed too; list shows it pending', async () => {
    const email = newEmail('cli-invitee');
    const run = await withUrl('staff', 'add', email, '--role', 'editor', '--role', 'support');
    assert.equal(run.code, 0, run.err);
    const printed = /Invitation link \(for a local site, if the e-mail does not arrive\): (\S+)/.exec(run.out)?.[1];
    assert.ok(printed?.startsWith(`${TEST_PUBLIC_URL}/staff/accept-invitation/`), run.out);
    const [mail] = await outboxMails(identity.pool, email);
    assert.ok(mail?.text.includes(printed ?? 'no link printed'));
    assert.match((await withUrl('staff', 'list')).out, new RegExp(`Pending invitations:[\\s\\S]*${email.replace(/\./g, '\\.')} +Editor, Support +${actor}`));
    assert.deepEqual((await auditEntries(identity, email)).map((e) => [e.action, e.actor_email]), [['invitation_sent', actor]]);
  });

  it('remove: every role goes; the last owner cannot be removed (exit 1, the reason said)', async () => {
    const { email } = await registerAndLogin(identity);
    assert.equal((await withUrl('staff', 'add', email, '--role', 'treasurer')).code, 0);
    const removed = await withUrl('staff', 'remove', email);
    assert.equal(removed.code, 0, removed.err);
    assert.match(removed.out, /is no longer staff/);
    const { rows } = await identity.pool.query<{ email: string }>(`SELECT u.email FROM staff_roles r JOIN users u ON u.id = r.user_id WHERE r.role = 'owner'`);
    assert.equal(rows.length, 1);
    const last = await withUrl('staff', 'remove', rows[0]?.email ?? '');
    assert.deepEqual([last.code, last.err], [1, LAST_OWNER_MESSAGE]);
    assert.equal((await withUrl('staff', 'remove', newEmail('nobody'))).code, 1);
  });

  it('refuses bad use with exit 2: an unknown role, no role, not an e-mail, extra words', async () => {
    for (const args of [
      ['staff', 'add', 'a@example.org', '--role', 'admin'],
      ['staff', 'add', 'a@example.org'],
      ['staff', 'add', 'not-an-email', '--role', 'owner'],
      ['staff', 'list', 'extra'],
      ['staff', 'remove', 'a@example.org', '--role', 'owner'],
      ['staff', 'promote', 'a@example.org'],
    ]) {
      assert.equal((await withUrl(...args)).code, 2, args.join(' '));
    }
  });

  it('without DATABASE_URL: uses the running npm start\'s database (its state file), and refuses one whose process ended', async () => {
    const stateFile = join(dataDir, 'stack.json');
    const state = { pid: process.pid, mode: 'start', siteUrl: 'http://localhost:3999', databaseUrl: identity.databaseUrl, redisUrl: identity.redis.url, startedAt: new Date().toISOString() };
    writeFileSync(stateFile, JSON.stringify(state));
    const email = newEmail('from-state');
    const run = await admin({ TCA_DATA_DIR: dataDir }, 'staff', 'add', email, '--role', 'editor');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, new RegExp(`Using the database of the npm start running since .* \\(pid ${process.pid}\\)`));
    assert.match(run.out, /http:\/\/localhost:3999\/staff\/accept-invitation\//);
    // A state file left behind by an npm start that is gone: not used.
    const ended = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    writeFileSync(stateFile, JSON.stringify({ ...state, pid: ended.pid }));
    const stale = await admin({ TCA_DATA_DIR: dataDir }, 'staff', 'list');
    assert.equal(stale.code, 2);
    assert.match(stale.err, /DATABASE_URL is not set, and no running npm start was found/);
  });
});
