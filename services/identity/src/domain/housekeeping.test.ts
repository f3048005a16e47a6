import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addEndedSessionAndResetLink, registerAndLogin, sessionAndResetCounts, startTestIdentity, type TestIdentity } from '../testing/harness.js';
import { ENDED_RETENTION_MS, runHousekeeping } from './housekeeping.js';
import { newToken } from './secrets.js';

let identity: TestIdentity;
let userId: number;

before(async () => {
  identity = await startTestIdentity('housekeeping', { IDENTITY_HOUSEKEEPING_INTERVAL_MS: '0' });
  userId = Number((await registerAndLogin(identity)).login.user.id);
});
after(async () => {
  await identity?.stop();
});

describe('housekeeping', () => {
  it('deletes sessions and reset links that ended over a day ago, keeps the rest, and can run again', async () => {
    assert.equal(ENDED_RETENTION_MS, 24 * 60 * 60 * 1000);
    await identity.pool.query('DELETE FROM sessions');
    await addEndedSessionAndResetLink(identity.pool, userId, { expires: '12 hours' }); // live
    await addEndedSessionAndResetLink(identity.pool, userId, { expires: '-1 hour' }); // expired an hour ago
    await addEndedSessionAndResetLink(identity.pool, userId, { expires: '-25 hours' }); // ended yesterday morning
    await addEndedSessionAndResetLink(identity.pool, userId, { expires: '10 hours', revoked: '-2 days', used: '-2 days' }); // revoked or used two days ago
    await addEndedSessionAndResetLink(identity.pool, userId, { expires: '10 hours', revoked: '-1 minute', used: '-1 minute' }); // revoked or used just now
    assert.deepEqual(await sessionAndResetCounts(identity.pool), { sessions: 5, resets: 5 });

    assert.deepEqual(await runHousekeeping(identity.pool), { sessions: 2, resets: 2, challenges: 0 });
    assert.deepEqual(await sessionAndResetCounts(identity.pool), { sessions: 3, resets: 3 });
    assert.deepEqual(await runHousekeeping(identity.pool), { sessions: 0, resets: 0, challenges: 0 }, 'idempotent');
  });

  it('deletes staff sign-in challenges that expired or were used over a day ago', async () => {
    const challenge = (expires: string, used: string | null) =>
      identity.pool.query(`INSERT INTO login_challenges (user_id, token_hash, expires_at, used_at) VALUES ($1, $2, now() + $3::interval, now() + $4::interval)`, [
        userId,
        newToken().hash,
        expires,
        used,
      ]);
    await challenge('5 minutes', null); // live
    await challenge('-1 hour', null); // expired an hour ago
    await challenge('-25 hours', null); // expired yesterday
    await challenge('-25 hours', '-26 hours'); // used yesterday
    assert.equal((await runHousekeeping(identity.pool)).challenges, 2);
    const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM login_challenges');
    assert.equal(rows[0]?.n, 2);
  });
});
