import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@tca/service-kit';
import { waitFor } from '@tca/service-kit/testing';
import { newToken } from '../../domain/secrets.js';
import { ENDED_RETENTION_MS, runHousekeeping } from '../../domain/housekeeping.js';
import { startHousekeeping } from './housekeeping-job.js';
import { registerAndLogin, startTestIdentity, type TestIdentity } from '../../testing/harness.js';

let identity: TestIdentity;
let userId: number;

before(async () => {
  identity = await startTestIdentity('housekeeping', { IDENTITY_HOUSEKEEPING_INTERVAL_MS: '0' });
  userId = Number((await registerAndLogin(identity)).login.user.id);
});
after(async () => {
  await identity?.stop();
});

/** Adds a session and a reset link with the given ends (SQL intervals relative to now). */
async function arrange(label: string, ends: { expires: string; revoked?: string; used?: string }): Promise<string> {
  await identity.pool.query(`INSERT INTO sessions (user_id, token_hash, expires_at, revoked_at) VALUES ($1, $2, now() + $3::interval, now() + $4::interval)`, [
    userId,
    newToken().hash,
    ends.expires,
    ends.revoked ?? null,
  ]);
  await identity.pool.query(`INSERT INTO password_resets (user_id, token_hash, expires_at, used_at) VALUES ($1, $2, now() + $3::interval, now() + $4::interval)`, [
    userId,
    newToken().hash,
    ends.expires,
    ends.used ?? null,
  ]);
  return label;
}

async function counts(): Promise<{ sessions: number; resets: number }> {
  const { rows } = await identity.pool.query<{ sessions: number; resets: number }>(
    'SELECT (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM password_resets) AS resets',
  );
  return rows[0] ?? { sessions: -1, resets: -1 };
}

describe('housekeeping', () => {
  it('deletes sessions and reset links that ended over a day ago, keeps the rest, and can run again', async () => {
    assert.equal(ENDED_RETENTION_MS, 24 * 60 * 60 * 1000);
    await identity.pool.query('DELETE FROM sessions');
    await arrange('live', { expires: '12 hours' });
    await arrange('expired an hour ago', { expires: '-1 hour' });
    await arrange('ended yesterday morning', { expires: '-25 hours' });
    await arrange('revoked or used two days ago', { expires: '10 hours', revoked: '-2 days', used: '-2 days' });
    await arrange('revoked or used just now', { expires: '10 hours', revoked: '-1 minute', used: '-1 minute' });
    assert.deepEqual(await counts(), { sessions: 5, resets: 5 });

    assert.deepEqual(await runHousekeeping(identity.pool), { sessions: 2, resets: 2 });
    assert.deepEqual(await counts(), { sessions: 3, resets: 3 });
    assert.deepEqual(await runHousekeeping(identity.pool), { sessions: 0, resets: 0 }, 'idempotent');
  });

  it('runs at start and then on its interval, until stopped', async () => {
    await arrange('old', { expires: '-3 days' });
    const housekeeping = startHousekeeping({ pool: identity.pool, logger: createLogger({ name: 'housekeeping-test', level: 'silent' }), intervalMs: 50 });
    try {
      await waitFor(async () => (await counts()).resets === 3, 5000, 'the first pass');
      await arrange('old again', { expires: '-3 days' });
      await waitFor(async () => (await counts()).resets === 3, 5000, 'a later pass');
    } finally {
      housekeeping.stop();
    }
    await arrange('after stop', { expires: '-3 days' });
    const before = await counts();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(await counts(), before, 'a stopped housekeeping deletes nothing more');
  });
});
