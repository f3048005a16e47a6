import assert from 'node:assert/strict';
import { userInfo } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { membershipListSchema } from '@tca/contracts';
import { main, type CliOutput } from './admin-cli.js';
import { decisionsOf } from '../../domain/membership-decisions.js';
import { call, createMembershipBody, createPaidMembership, memberWithPaidMembership, outboxMails, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('cli');
});
after(async () => {
  await identity?.stop();
});

interface CliRun {
  code: number;
  out: string;
  err: string;
}

async function admin(...args: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const output: CliOutput = { log: (line) => out.push(line), error: (line) => err.push(line) };
  const code = await main(args, { DATABASE_URL: identity.databaseUrl, PUBLIC_URL: TEST_PUBLIC_URL, USER: 'tester' }, output);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function pendingMember(level: 'Silver-Single' | 'Gold-Family' = 'Silver-Single') {
  return memberWithPaidMembership(identity, level);
}

async function statusSeenBy(token: string): Promise<string | undefined> {
  const res = await call(identity, '/membership/get', {}, { token });
  return membershipListSchema.parse(await res.json())[0]?.status;
}

describe('npm run admin -- memberships', () => {
  it('approves a Pending request named by e-mail: Active, audited, and the member e-mailed (text and HTML)', async () => {
    const { email, login, requestId } = await pendingMember();
    const run = await admin('memberships', 'approve', email.toUpperCase(), '--by', 'Committee Secretary');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, new RegExp(`${requestId} \\(Silver-Single, .*\\) is now Active`));
    assert.equal(await statusSeenBy(login.token), 'Active');
    const decisions = await decisionsOf(identity.pool, requestId);
    assert.equal(decisions.length, 1);
    assert.deepEqual({ ...decisions[0], decidedAt: undefined }, { decision: 'approved', fromStatus: 'Pending', toStatus: 'Active', reason: null, decidedBy: 'Committee Secretary', decidedAt: undefined });
    assert.ok(Date.now() - (decisions[0]?.decidedAt.getTime() ?? 0) < 60_000);
    const mails = await outboxMails(identity.pool, email);
    assert.equal(mails.length, 1);
    const mail = mails[0];
    assert.ok(mail);
    assert.match(mail.subject, /Silver-Single membership is approved/);
    assert.match(mail.text, new RegExp(requestId));
    assert.match(mail.text, /Valid until/);
    assert.ok(mail.text.includes(`${TEST_PUBLIC_URL}/profile`));
    assert.match(mail.html ?? '', new RegExp(requestId));
  });

  it('rejects a Pending request named by request ID, e-mailing the reason (escaped in HTML)', async () => {
    const { email, login, requestId } = await pendingMember('Gold-Family');
    const reason = 'The <b>supporting documents</b> could not be verified & the address is outside SA.';
    const run = await admin('memberships', 'reject', requestId, '--reason', reason);
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /is now Rejected/);
    assert.equal(await statusSeenBy(login.token), 'Rejected');
    const [decision] = await decisionsOf(identity.pool, requestId);
    assert.deepEqual([decision?.decision, decision?.fromStatus, decision?.toStatus, decision?.reason, decision?.decidedBy], ['rejected', 'Pending', 'Rejected', reason, `cli:${userInfo().username}`]);
    const [mail] = await outboxMails(identity.pool, email);
    assert.ok(mail);
    assert.match(mail.subject, /Gold-Family membership request/);
    assert.ok(mail.text.includes(reason));
    assert.ok(mail.html?.includes('The &lt;b&gt;supporting documents&lt;/b&gt; could not be verified &amp; the address'));
    assert.ok(!mail.html?.includes('<b>supporting'));
    // Rejecting again, or approving now, is refused: only Pending requests are decided.
    const again = await admin('memberships', 'approve', requestId);
    assert.equal(again.code, 1);
    assert.match(again.err, new RegExp(`${requestId} is Rejected: only Pending requests can be approved`));
    assert.equal((await decisionsOf(identity.pool, requestId)).length, 1);
    assert.equal((await outboxMails(identity.pool, email)).length, 1);
  });

  it('decides once when two operators approve at the same moment', async () => {
    const { email, requestId } = await pendingMember();
    const runs = await Promise.all([admin('memberships', 'approve', requestId), admin('memberships', 'approve', requestId), admin('memberships', 'approve', email)]);
    assert.deepEqual(runs.map((r) => r.code).sort(), [0, 1, 1]);
    assert.equal((await decisionsOf(identity.pool, requestId)).length, 1);
    assert.equal((await outboxMails(identity.pool, email)).length, 1);
  });

  it('asks for the request ID when an e-mail has several Pending requests, and says when there is none', async () => {
    const { email, login } = await pendingMember();
    await createPaidMembership(identity, createMembershipBody(login.user.id, email, { membershipName: 'Gold-Single' }));
    const ambiguous = await admin('memberships', 'approve', email);
    assert.equal(ambiguous.code, 1);
    assert.match(ambiguous.err, /has 2 Pending requests \(M-\d{4}-\d{6}, M-\d{4}-\d{6}\): name one by its request ID/);
    const none = await admin('memberships', 'reject', 'nobody@example.org');
    assert.equal(none.code, 1);
    assert.match(none.err, /nobody@example\.org has no Pending membership request/);
    const unknown = await admin('memberships', 'approve', 'M-1999-000001');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /no membership with request ID M-1999-000001/);
    assert.equal((await outboxMails(identity.pool, email)).length, 0);
  });

  it('lists memberships, all or by status as the member sees it', async () => {
    const pending = await pendingMember();
    const approved = await pendingMember('Gold-Family');
    assert.equal((await admin('memberships', 'approve', approved.requestId)).code, 0);
    const all = await admin('memberships', 'list');
    assert.equal(all.code, 0, all.err);
    assert.match(all.out, /^Request ID +Level +Status +Name +E-mail +Submitted +Valid until +Dependants/);
    assert.ok(all.out.includes(pending.requestId) && all.out.includes(approved.requestId));
    const onlyPending = await admin('memberships', 'list', '--status', 'Pending');
    assert.ok(onlyPending.out.includes(pending.requestId));
    assert.ok(!onlyPending.out.includes(approved.requestId));
    const row = onlyPending.out.split('\n').find((line) => line.startsWith(pending.requestId)) ?? '';
    assert.match(row, /Silver-Single +Pending +Meera Raman/);
    assert.match(row, /\d{4}-\d{2}-\d{2} +0$/);
    const expired = await admin('memberships', 'list', '--status', 'Expired');
    assert.equal(expired.code, 0);
  });

  it('explains bad usage and a missing DATABASE_URL (exit 2)', async () => {
    for (const args of [[], ['memberships'], ['memberships', 'approve'], ['memberships', 'list', 'extra'], ['memberships', 'delete', 'x'], ['memberships', 'approve', 'x', '--reason', 'no'], ['memberships', 'list', '--bogus']]) {
      const run = await admin(...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.err, /Usage:/);
    }
    const badStatus = await admin('memberships', 'list', '--status', 'Paid');
    assert.equal(badStatus.code, 2);
    assert.match(badStatus.err, /--status must be one of/);
    const err: string[] = [];
    const code = await main(['memberships', 'list'], {}, { log: () => undefined, error: (line) => err.push(line) });
    assert.equal(code, 2);
    assert.match(err.join('\n'), /DATABASE_URL is not set/);
    const help = await admin('--help');
    assert.equal(help.code, 0);
    assert.match(help.out, /memberships approve <email\|requestId>/);
  });
});
