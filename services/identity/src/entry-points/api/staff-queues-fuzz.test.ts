import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { QUEUES } from '@tca/contracts';
import { fuzzAndCheck, fuzzSeed, type FuzzReport, type FuzzTarget } from '@tca/service-kit/testing';
import { Queue } from 'bullmq';
import { startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember, type StaffMemberForTest } from '../../testing/staff.js';

/**
 * The queues dashboard's endpoints (issue 14) under generated paths and queries, as staff-fuzz.test.ts does
 * for the other staff calls: COUNT seeded requests each, every answer below 500 and every 4xx a JSON error,
 * the service still ready after. The retry and remove targets are a job that is not failed: nothing may
 * change it (409), whatever the path. A failure prints its seed: replay with FUZZ_SEED=<seed>.
 */

const SEED = fuzzSeed(20261128);
const COUNT = 150;
const TIME_CAP_MS = 20_000;

let identity: TestIdentity;
let owner: StaffMemberForTest;
let queue: Queue;
const reports: FuzzReport[] = [];

before(async () => {
  identity = await startTestIdentity('staff_queues_fuzz');
  owner = await newStaffMember(identity, ['owner']);
  const { hostname, port } = new URL(identity.redis.url);
  queue = new Queue(QUEUES.supportTickets, { connection: { host: hostname, port: Number(port) } });
  await queue.add('ticket-submitted', { ticketUid: '00000000-0000-4000-8000-000000000000', reference: 'TCA-2026-000001' }, { jobId: 'ticket-fuzz' });
});

after(async () => {
  console.log(`staff queues fuzz, seed ${SEED}: ${reports.length} endpoints × ${COUNT} requests`);
  await queue?.close();
  await identity?.stop();
});

async function fuzz(shape: Omit<FuzzTarget, 'baseUrl' | 'headers'>): Promise<FuzzReport> {
  const report = await fuzzAndCheck({ baseUrl: identity.url, headers: { Authorization: `Bearer ${owner.token}` }, ...shape }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
  reports.push(report);
  return report;
}

const TIMEOUT = { timeout: TIME_CAP_MS + 30_000 };

describe('the queues endpoints under fuzzed requests', () => {
  it(`GET /staff-api/queues/:queue/jobs (owner): ${COUNT} requests`, TIMEOUT, async () => {
    const report = await fuzz({ method: 'GET', path: '/staff-api/queues/:queue/jobs', pathParams: { queue: ['support-tickets', 'email'] }, query: { state: ['waiting', 'failed'], offset: ['0'], limit: ['20'] } });
    assert.ok((report.byStatus[200] ?? 0) > 0, 'valid queries answer');
  });

  it(`POST /staff-api/queues/:queue/jobs/:jobId/retry and /remove (owner): ${COUNT} requests each; the waiting job is never changed`, TIMEOUT, async () => {
    for (const action of ['retry', 'remove']) {
      const report = await fuzz({ method: 'POST', path: `/staff-api/queues/:queue/jobs/:jobId/${action}`, pathParams: { queue: ['support-tickets'], jobId: ['ticket-fuzz'] } });
      assert.equal(report.byStatus[200] ?? 0, 0, `${action}: a waiting job is not retried or removed`);
      assert.ok((report.byStatus[409] ?? 0) > 0, `${action}: the valid path is refused as not failed`);
    }
    assert.equal(await (await queue.getJob('ticket-fuzz'))?.getState(), 'waiting');
  });
});
