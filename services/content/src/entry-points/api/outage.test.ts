/**
 * Nothing submitted is lost while Redis is down: the content API, the real mailer and the real tickets
 * worker (both as their own processes) run against a private redis-server that the test kills and
 * restarts; every confirmation reaches the SMTP sink exactly once.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Queue } from 'bullmq';
import { contactAnswerSchema, QUEUES, ticketAnswerSchema } from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import { waitFor, type CapturedMail, type SmtpSink, type TestRedisServer } from '@tca/service-kit/testing';
import { startFormsDeliverySite, type FormsDeliverySite } from '../../testing/forms-delivery-site.js';

const CONTACT_INBOX = 'office@tamil.example.org';
const SUPPORT_INBOX = 'help@tamil.example.org';

let site: FormsDeliverySite;
let redis: TestRedisServer;
let smtp: SmtpSink;
let pool: Pool;

before(async () => {
  // Two tickets workers, as `npm start` or compose may run them, and the mailer.
  site = await startFormsDeliverySite({
    name: 'outage',
    ticketsWorkers: 2,
    // One message per address: while Redis is down the limiter must let the second one through.
    env: { CONTACT_INBOX, SUPPORT_INBOX, CONTACT_RATE_LIMIT: '1' },
  });
  ({ redis, smtp, pool } = site);
});

after(async () => {
  await site?.stop();
});

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${site.api.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' }, body: JSON.stringify(body) });
}

function mailsTo(address: string): CapturedMail[] {
  return smtp.mails.filter((m) => m.to.includes(address));
}

test('forms submitted while Redis is down are confirmed, exactly once each, when it is back', async () => {
  // Redis goes away.
  await redis.stop();
  assert.equal(redis.running, false);

  const started = Date.now();
  const contacts = [
    { name: 'Priya', phoneNumber: '0400 000 001', senderEmail: 'priya@example.org', subject: 'Volunteering', message: 'I would like to help at Pongal.' },
    { name: 'Senthil', phoneNumber: '0400 000 002', senderEmail: 'senthil@example.org', subject: 'Tamil school', message: 'Are classes running this term?' },
  ];
  for (const body of contacts) {
    const res = await post('/email/send', body);
    assert.equal(res.status, 201, 'accepted although Redis is down and the limit is 1');
    contactAnswerSchema.parse(await res.json());
  }
  const ticketRes = await post('/supportdesk/add', { name: 'Lakshmi', email: 'lakshmi@example.org', countryCode: '+61', phone: '0400 000 003', issueType: 'general', issueDescription: 'How do I renew?' });
  assert.equal(ticketRes.status, 201);
  const { reference } = ticketAnswerSchema.parse(await ticketRes.json());
  assert.ok(Date.now() - started < 5000, 'answers do not wait for Redis');

  // Stored and waiting in the outbox.
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
  assert.equal(rows[0]?.n, 5, 'four contact e-mails and one ticket job wait in the outbox');
  assert.equal(smtp.mails.length, 0);

  // Redis is back: everything is delivered.
  await redis.start();
  await waitFor(() => smtp.mails.length >= 6, 60_000, () => `six mails (have ${smtp.mails.length}: ${smtp.mails.map((m) => m.subject).join(' | ')})`);
  await waitFor(site.settled, 30_000, 'the outbox and the queues to be empty');

  assert.equal(smtp.mails.length, 6, smtp.mails.map((m) => `${m.to.join()}: ${m.subject}`).join('\n'));
  assert.equal(new Set(smtp.mails.map((m) => m.messageId)).size, 6, 'no message twice');

  const inbox = mailsTo(CONTACT_INBOX);
  assert.deepEqual(inbox.map((m) => m.replyTo[0]).sort(), ['priya@example.org', 'senthil@example.org']);
  for (const c of contacts) {
    const [ack] = mailsTo(c.senderEmail);
    assert.ok(ack, `acknowledgement to ${c.senderEmail}`);
    assert.match(ack.subject, /We received your message/);
    assert.match(ack.text, /Thank you for contacting the Adelaide Tamil Association/);
    assert.ok(!ack.text.includes(c.name) && !ack.html.includes(c.name), 'the acknowledgement carries nothing the visitor typed');
  }

  const confirmations = mailsTo('lakshmi@example.org');
  assert.equal(confirmations.length, 1);
  assert.match(confirmations[0]?.subject ?? '', new RegExp(`Your support ticket ${reference}`));
  assert.match(confirmations[0]?.text ?? '', new RegExp(`Reference: ${reference}`));
  assert.ok(confirmations[0]?.html.includes(reference));
  assert.deepEqual(confirmations[0]?.replyTo, [SUPPORT_INBOX]);
  const alerts = mailsTo(SUPPORT_INBOX);
  assert.equal(alerts.length, 1);
  assert.match(alerts[0]?.text ?? '', /How do I renew\?/);

  // The ticket job runs a second time (as after a crash between sending and marking it done): no new mail.
  const { rows: [ticket] } = await pool.query<{ uid: string }>('SELECT uid FROM support_tickets WHERE reference = $1', [reference]);
  assert.ok(ticket);
  const queue = new Queue(QUEUES.supportTickets, { connection: { host: '127.0.0.1', port: redis.port } });
  try {
    const again = await queue.add('ticket-submitted', { ticketUid: ticket.uid, reference }, { jobId: `ticket-${ticket.uid}-again` });
    await waitFor(async () => (await again.getState()) === 'completed', 10_000, 'the repeated ticket job');
  } finally {
    await queue.close();
  }
  await waitFor(site.settled, 30_000, 'the outbox and the queues to be empty again');
  assert.equal(smtp.mails.length, 6);

  // The worker processes stop cleanly.
  for (const proc of site.processes.splice(0)) assert.equal(await proc.stop(), 0, proc.output());
});
