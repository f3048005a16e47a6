import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue, QueueEvents } from 'bullmq';
import { emailJobSchema, QUEUES, supportTicketSchema, type EmailJob, type SupportTicketJob } from '@tca/contracts';
import { createLogger, createPool, runMigrations, type Pool } from '@tca/service-kit';
import { createTestDatabase, startRedisServer, waitFor, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadContentConfig, MIGRATIONS_DIR, SCHEMA } from '../../config.js';
import { brandFor } from '../../domain/forms/form-emails.js';
import { saveSupportTicket } from '../../domain/forms/form-submissions.js';
import { processTicketJob, startTicketsWorker, type TicketsWorker } from './tickets-worker.js';

const SUPPORT_INBOX = 'help@tamil.example.org';
const mail = { supportInbox: SUPPORT_INBOX, brand: brandFor('https://tamil.example.org') };
const silent = createLogger({ name: 'tickets-worker-test', level: 'silent' });

let db: TestDatabase;
let pool: Pool;

before(async () => {
  db = await createTestDatabase('content_tickets');
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'tickets-worker-test' });
  await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
});

after(async () => {
  await pool?.end();
  await db?.drop();
});

async function newTicket(description = 'The <b>payment</b> page & "receipt" fail.'): Promise<SupportTicketJob> {
  const input = supportTicketSchema.parse({ name: 'Meena <Admin>', email: 'meena@example.org', countryCode: '+44', phone: '7700 900123', issueType: 'technical', issueDescription: description });
  const ticket = await saveSupportTicket(pool, input);
  return { ticketUid: ticket.uid, reference: ticket.reference };
}

async function emailsFor(uid: string): Promise<EmailJob[]> {
  const { rows } = await pool.query<{ payload: unknown }>(`SELECT payload FROM outbox WHERE queue = $1 AND job_id LIKE $2 ORDER BY job_id`, [QUEUES.email, `ticket-${uid}-%`]);
  return rows.map((row) => emailJobSchema.parse(row.payload));
}

describe('processTicketJob', () => {
  it('records the confirmation and the support alert once, however often the job runs', async () => {
    const job = await newTicket();
    const first = await processTicketJob(pool, undefined, job, mail);
    assert.deepEqual(first, { reference: job.reference, queued: [`ticket-${job.ticketUid}-confirmation`, `ticket-${job.ticketUid}-alert`] });
    const again = await processTicketJob(pool, undefined, job, mail);
    assert.deepEqual(again.queued, []);
    // Two runs at the same moment (a stalled job picked up while the first still runs): the row lock serialises them.
    const concurrent = await Promise.all([processTicketJob(pool, undefined, job, mail), processTicketJob(pool, undefined, job, mail)]);
    assert.deepEqual(concurrent.map((r) => r.queued), [[], []]);

    const emails = await emailsFor(job.ticketUid);
    assert.equal(emails.length, 2);
    const { rows } = await pool.query<{ notified_at: Date | null }>('SELECT notified_at FROM support_tickets WHERE uid = $1', [job.ticketUid]);
    assert.ok(rows[0]?.notified_at instanceof Date);
  });

  it('mails the submitter the reference (replies go to support) and alerts support with every detail (replies go to the submitter)', async () => {
    const job = await newTicket();
    await processTicketJob(pool, undefined, job, mail);
    const [alert, confirmation] = await emailsFor(job.ticketUid);
    assert.ok(alert && confirmation);

    assert.equal(confirmation.to, 'meena@example.org');
    assert.equal(confirmation.replyTo, SUPPORT_INBOX);
    assert.equal(confirmation.subject, `Your support ticket ${job.reference} - Adelaide Tamil Association`);
    assert.match(confirmation.text, new RegExp(`Reference: ${job.reference}`));
    assert.match(confirmation.text, /Issue type: Technical Issue/);
    assert.match(confirmation.text, /Submitted: \w+day \d{1,2} \w+ \d{4} at \d{1,2}:\d{2} [ap]m AC[DS]T/);
    assert.match(confirmation.text, /Dear Meena <Admin>,/);
    assert.ok(confirmation.html?.includes('Dear Meena &lt;Admin&gt;,'));
    assert.ok(confirmation.html?.includes(job.reference));
    assert.ok(!confirmation.text.includes('payment'), 'the confirmation does not repeat the description to an unverified address');

    assert.equal(alert.to, SUPPORT_INBOX);
    assert.equal(alert.replyTo, 'meena@example.org');
    assert.equal(alert.subject, `New support ticket ${job.reference}: Technical Issue`);
    assert.match(alert.text, /Phone: \+44 7700 900123/);
    assert.match(alert.text, /> The <b>payment<\/b> page & "receipt" fail\./);
    assert.ok(alert.html?.includes('The &lt;b&gt;payment&lt;/b&gt; page &amp; &quot;receipt&quot; fail.'));
    assert.ok(!alert.html?.includes('<b>payment'));
  });

  it('fails for good when the ticket does not exist', async () => {
    await assert.rejects(
      processTicketJob(pool, undefined, { ticketUid: '00000000-0000-4000-8000-000000000000', reference: 'TCA-2026-999999' }, mail),
      (err: Error) => err.name === 'UnrecoverableError' && /does not exist/.test(err.message),
    );
  });
});

describe('tickets worker on the queue', () => {
  let redis: TestRedisServer;
  let worker: TicketsWorker;
  let queue: Queue;
  let events: QueueEvents;

  before(async () => {
    redis = await startRedisServer();
    const config = loadContentConfig({ DATABASE_URL: db.url, REDIS_URL: redis.url, SUPPORT_INBOX, PUBLIC_URL: 'https://tamil.example.org' });
    worker = await startTicketsWorker(config, { logger: silent });
    const connection = { host: '127.0.0.1', port: redis.port };
    queue = new Queue(QUEUES.supportTickets, { connection });
    events = new QueueEvents(QUEUES.supportTickets, { connection });
    await events.waitUntilReady();
  });

  after(async () => {
    await events?.close();
    await queue?.close();
    await worker?.close();
    await redis?.stop();
  });

  it('queues both e-mails for the mailer exactly once, also when the job runs twice', async () => {
    const job = await newTicket();
    const first = await queue.add('ticket-submitted', job, { jobId: `ticket-${job.ticketUid}` });
    assert.deepEqual(await first.waitUntilFinished(events, 10_000), { reference: job.reference, queued: [`ticket-${job.ticketUid}-confirmation`, `ticket-${job.ticketUid}-alert`] });
    // The same ticket again, as a relay re-sending after a crash would (the completed job is gone by then).
    await first.remove();
    const second = await queue.add('ticket-submitted', job, { jobId: `ticket-${job.ticketUid}` });
    assert.deepEqual(await second.waitUntilFinished(events, 10_000), { reference: job.reference, queued: [] });

    // The worker's own relay moves the two e-mails to the email queue; nothing more.
    const emailQueue = new Queue(QUEUES.email, { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      const unsent = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE job_id LIKE $1 AND sent_at IS NULL', [`ticket-${job.ticketUid}-%`])).rows[0]?.n;
      await waitFor(async () => (await unsent()) === 0, 10_000, 'the e-mails to be relayed');
      const jobs = (await emailQueue.getJobs(['waiting'])).filter((j) => j.id?.startsWith(`ticket-${job.ticketUid}-`));
      assert.deepEqual(jobs.map((j) => j.id).sort(), [`ticket-${job.ticketUid}-alert`, `ticket-${job.ticketUid}-confirmation`]);
    } finally {
      await emailQueue.obliterate({ force: true });
      await emailQueue.close();
    }
  });

  it('fails a job whose payload breaks the contract, without retrying it', async () => {
    const bad = await queue.add('ticket-submitted', { ticketUid: 'nope' }, { jobId: 'ticket-bad-1', attempts: 3, backoff: { type: 'fixed', delay: 10 } });
    await assert.rejects(bad.waitUntilFinished(events, 10_000), /invalid support-tickets job: ticketUid/);
    await waitFor(async () => (await bad.getState()) === 'failed', 5000, 'the job to fail');
    assert.equal((await queue.getJob('ticket-bad-1'))?.attemptsMade, 1);
  });
});
