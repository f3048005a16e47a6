import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addEndedSessionAndResetLink, registerAndLogin, sessionAndResetCounts, startTestIdentity, type TestIdentity } from '../testing/harness.js';
import { ENDED_RETENTION_MS, runHousekeeping } from './housekeeping.js';

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

    assert.deepEqual(await runHousekeeping(identity.pool), { sessions: 2, resets: 2 });
    assert.deepEqual(await sessionAndResetCounts(identity.pool), { sessions: 3, resets: 3 });
    assert.deepEqual(await runHousekeeping(identity.pool), { sessions: 0, resets: 0 }, 'idempotent');
  });
});
