import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@tca/service-kit';
import { waitFor } from '@tca/service-kit/testing';
import { addEndedSessionAndResetLink, registerAndLogin, sessionAndResetCounts, startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { startHousekeeping } from './housekeeping-job.js';

let identity: TestIdentity;
let userId: number;

before(async () => {
  identity = await startTestIdentity('housekeeping_job', { IDENTITY_HOUSEKEEPING_INTERVAL_MS: '0' });
  userId = Number((await registerAndLogin(identity)).login.user.id);
});
after(async () => {
  await identity?.stop();
});

describe('housekeeping job', () => {
  it('runs at start and then on its interval, until stopped', async () => {
    await addEndedSessionAndResetLink(identity.pool, userId, { expires: '-3 days' });
    const housekeeping = startHousekeeping({ pool: identity.pool, logger: createLogger({ name: 'housekeeping-test', level: 'silent' }), intervalMs: 50 });
    try {
      await waitFor(async () => (await sessionAndResetCounts(identity.pool)).resets === 0, 5000, 'the first pass');
      await addEndedSessionAndResetLink(identity.pool, userId, { expires: '-3 days' });
      await waitFor(async () => (await sessionAndResetCounts(identity.pool)).resets === 0, 5000, 'a later pass');
    } finally {
      housekeeping.stop();
    }
    await addEndedSessionAndResetLink(identity.pool, userId, { expires: '-3 days' });
    const before = await sessionAndResetCounts(identity.pool);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(await sessionAndResetCounts(identity.pool), before, 'a stopped housekeeping deletes nothing more');
  });
});
