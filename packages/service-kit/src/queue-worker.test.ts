import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Queue, QueueEvents } from 'bullmq';
import { z } from 'zod';
import { QUEUES } from '@tca/contracts';
import { createLogger } from './logger.js';
import { startQueueWorker } from './queue-worker.js';
import { testRedisUrl, uniquePrefix } from './testing.js';

const logger = createLogger({ name: 'queue-worker-test', level: 'silent' });
const schema = z.object({ n: z.number().int() }).strict();

describe('startQueueWorker', () => {
  const prefix = uniquePrefix('qw').replace(/-/g, '_');
  const url = new URL(testRedisUrl());
  const connection = { host: url.hostname, port: Number(url.port || 6379) };
  const queue = new Queue(QUEUES.supportTickets, { connection, prefix });
  const events = new QueueEvents(QUEUES.supportTickets, { connection, prefix });
  const seen: Array<{ n: number }> = [];
  const workerReady = startQueueWorker({
    queue: QUEUES.supportTickets,
    redisUrl: testRedisUrl(),
    prefix,
    schema,
    logger,
    concurrency: 2,
    async process(data) {
      seen.push(data);
      return data.n * 2;
    },
  });

  after(async () => {
    const worker = await workerReady;
    await worker.close();
    await worker.close(); // idempotent
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('hands the validated payload to the processor and keeps its result', async () => {
    await workerReady;
    await events.waitUntilReady();
    const job = await queue.add('double', { n: 21 }, { jobId: 'double-21' });
    assert.equal(await job.waitUntilFinished(events, 10_000), 42);
    assert.deepEqual(seen, [{ n: 21 }]);
  });

  it('fails a payload that breaks the contract once, without retries', async () => {
    const job = await queue.add('double', { n: 'x' }, { jobId: 'bad-1', attempts: 4, backoff: { type: 'fixed', delay: 10 } });
    await assert.rejects(job.waitUntilFinished(events, 10_000), /invalid support-tickets job: n:/);
    const failed = await queue.getJob('bad-1');
    assert.equal(await failed?.getState(), 'failed');
    assert.equal(failed?.attemptsMade, 1);
    assert.equal(seen.length, 1);
  });
});
