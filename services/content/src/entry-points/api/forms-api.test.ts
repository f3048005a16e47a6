import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import {
  apiErrorSchema,
  contactAnswerSchema,
  emailJobSchema,
  QUEUES,
  supportTicketJobSchema,
  ticketAnswerSchema,
  type ContactMessageInput,
  type SupportTicketInput,
} from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, startRedisServer, waitFor, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA } from '../../config.js';
import { start } from '../../server.js';
import { yearInAdelaide } from '../../domain/forms/form-submissions.js';

const CONTACT_INBOX = 'office@tamil.example.org';
const LIMIT = 3;

let db: TestDatabase;
let redis: TestRedisServer;
let running: { url: string; stop(): Promise<void> };
let pool: Pool;

before(async () => {
  db = await createTestDatabase('content_forms');
  redis = await startRedisServer();
  const config = loadContentConfig({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PORT: '0',
    CONTACT_INBOX,
    SUPPORT_INBOX: 'help@tamil.example.org',
    CONTACT_RATE_LIMIT: String(LIMIT),
    TICKET_RATE_LIMIT: String(LIMIT),
  });
  running = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'forms-test' });
});

after(async () => {
  await running?.stop();
  await pool?.end();
  await redis?.stop();
  await db?.drop();
});

/** Every test speaks from its own address (the gateway's X-Forwarded-For), so rate limits do not meet. */
let nextAddress = 1;
function newAddress(): string {
  nextAddress += 1;
  return `203.0.113.${nextAddress}`;
}

function post(path: string, body: unknown, ip: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function contact(extra: Partial<ContactMessageInput> = {}): ContactMessageInput {
  return { name: 'Kavitha Raman', phoneNumber: '0412 345 678', senderEmail: 'kavitha@example.org', subject: 'Pongal festival', message: 'When does the festival start?', ...extra };
}

function ticket(extra: Partial<SupportTicketInput> = {}): SupportTicketInput {
  return { name: 'Arun Kumar', email: 'arun@example.org', countryCode: '+61', phone: '0400 111 222', issueType: 'billing', issueDescription: 'I was charged twice.', ...extra };
}

async function count(table: 'contact_messages' | 'support_tickets' | 'outbox'): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? -1;
}

interface OutboxRow {
  queue: string;
  job_id: string;
  payload: unknown;
  sent_at: Date | null;
}

async function outboxRows(jobIdLike: string): Promise<OutboxRow[]> {
  const { rows } = await pool.query<OutboxRow>('SELECT queue, job_id, payload, sent_at FROM outbox WHERE job_id LIKE $1 ORDER BY job_id', [jobIdLike]);
  return rows;
}

async function assertValidationError(res: Response, fields: string[]): Promise<Record<string, string>> {
  assert.equal(res.status, 400);
  const body = apiErrorSchema.parse(await res.json());
  assert.equal(body.error, 'validation_failed');
  assert.deepEqual(Object.keys(body.fields ?? {}).sort(), [...fields].sort());
  assert.ok(body.message.length > 0);
  return body.fields ?? {};
}

describe('the visitor\'s e-mails in the language of the page (issue 17)', () => {
  it('a contact message sent from a Tamil page is stored as Tamil and acknowledged in Tamil; the inbox copy stays English', async () => {
    const res = await post('/email/send', contact({ subject: 'Tamil ack' }), newAddress(), { 'Accept-Language': 'ta, en;q=0.5' });
    assert.equal(res.status, 201);
    const { id } = contactAnswerSchema.parse(await res.json());
    const { rows } = await pool.query<{ uid: string; language: string }>('SELECT uid, language FROM contact_messages WHERE id = $1', [Number(id)]);
    assert.equal(rows[0]?.language, 'ta');
    const [ack, inbox] = (await outboxRows(`contact-${rows[0]?.uid ?? ''}-%`)).map((j) => emailJobSchema.parse(j.payload));
    assert.equal(ack?.subject, 'உங்கள் செய்தி எங்களுக்குக் கிடைத்தது - அடிலெய்டு தமிழ்ச் சங்கம்');
    assert.match(ack?.text ?? '', /^வணக்கம்,\n\nஅடிலெய்டு தமிழ்ச் சங்கம் உடன் தொடர்புகொண்டதற்கு நன்றி\./);
    assert.equal(inbox?.subject, 'Contact form: Tamil ack');
  });

  it('a ticket raised from a Tamil page is stored as Tamil; without Accept-Language a submission is English', async () => {
    const res = await post('/supportdesk/add', ticket(), newAddress(), { 'Accept-Language': 'ta-IN' });
    const { reference } = ticketAnswerSchema.parse(await res.json());
    const english = ticketAnswerSchema.parse(await (await post('/supportdesk/add', ticket(), newAddress())).json());
    const { rows } = await pool.query<{ reference: string; language: string }>('SELECT reference, language FROM support_tickets WHERE reference = ANY($1) ORDER BY reference', [[reference, english.reference]]);
    assert.deepEqual(rows.map((row) => row.language), ['ta', 'en']);
  });
});

describe('POST /email/send', () => {
  it('stores the message and queues the message to the inbox and an acknowledgement to the sender', async () => {
    const input = contact({ message: 'Hello <script>alert(1)</script> & welcome\nsecond line' });
    const res = await post('/email/send', input, newAddress());
    assert.equal(res.status, 201);
    const answer = contactAnswerSchema.parse(await res.json());
    assert.equal(answer.message, 'Message Sent');

    const { rows } = await pool.query<{ uid: string; name: string; sender_email: string; phone_number: string; subject: string; message: string }>(
      'SELECT uid, name, sender_email, phone_number, subject, message FROM contact_messages WHERE id = $1',
      [Number(answer.id)],
    );
    const row = rows[0];
    assert.ok(row, 'the message is stored');
    assert.deepEqual(
      { name: row.name, senderEmail: row.sender_email, phoneNumber: row.phone_number, subject: row.subject, message: row.message },
      { name: input.name, senderEmail: input.senderEmail, phoneNumber: input.phoneNumber, subject: input.subject, message: input.message },
    );

    const jobs = await outboxRows(`contact-${row.uid}-%`);
    assert.deepEqual(jobs.map((j) => [j.queue, j.job_id]), [
      [QUEUES.email, `contact-${row.uid}-ack`],
      [QUEUES.email, `contact-${row.uid}-inbox`],
    ]);
    const [ack, inbox] = jobs.map((j) => emailJobSchema.parse(j.payload));
    assert.ok(ack && inbox);
    assert.equal(inbox.to, CONTACT_INBOX);
    assert.equal(inbox.replyTo, input.senderEmail);
    assert.match(inbox.subject, /Pongal festival/);
    assert.match(inbox.text, /When does the festival start\?|Hello <script>/);
    assert.ok(inbox.html?.includes('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; welcome<br>second line'), 'user input is escaped in HTML');
    assert.ok(!inbox.html?.includes('<script>'));
    assert.equal(ack.to, input.senderEmail);
    assert.equal(ack.replyTo, CONTACT_INBOX);
    assert.match(ack.text, /^Hello,\n\nThank you for contacting the Adelaide Tamil Association\. We received your message/);
    assert.ok(!ack.text.includes('Kavitha') && !ack.text.includes('Pongal'), 'the acknowledgement carries nothing the visitor typed');

    // The relay moves both into the email queue.
    await waitFor(async () => (await outboxRows(`contact-${row.uid}-%`)).every((j) => j.sent_at !== null), 10_000, 'the outbox rows to be relayed');
    const queue = new Queue(QUEUES.email, { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      for (const job of jobs) assert.deepEqual((await queue.getJob(job.job_id))?.data, job.payload);
    } finally {
      await queue.close();
    }
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const before = await count('contact_messages');
    const res = await post('/email/send', { name: ' ', phoneNumber: '', senderEmail: 'not-an-address', message: '', colour: 'blue' }, newAddress());
    const fields = await assertValidationError(res, ['name', 'phoneNumber', 'senderEmail', 'message', 'colour']);
    assert.equal(fields.name, 'Name is required');
    assert.equal(fields.senderEmail, 'Invalid email format');
    assert.equal(fields.colour, 'Unknown field.');

    const tooLong = await post('/email/send', contact({ message: 'x'.repeat(5001) }), newAddress());
    assert.equal((await assertValidationError(tooLong, ['message'])).message, 'Message must be at most 5000 characters');

    // Not an object: a JSON array fails validation; a bare string or null is not accepted as a JSON body at all.
    for (const [body, error] of [['[1,2]', 'validation_failed'], ['"text"', 'invalid_json'], ['null', 'invalid_json']] as const) {
      const odd = await post('/email/send', body, newAddress());
      assert.equal(odd.status, 400, `body ${body}`);
      assert.equal(apiErrorSchema.parse(await odd.json()).error, error, `body ${body}`);
    }
    assert.equal(await count('contact_messages'), before);
  });

  it('turns a filled-in honeypot away with 400 and stores nothing', async () => {
    const before = [await count('contact_messages'), await count('outbox')];
    const res = await post('/email/send', contact({ website: 'http://spam.example' }), newAddress());
    const fields = await assertValidationError(res, ['website']);
    assert.equal(fields.website, 'This field must be left empty');
    assert.deepEqual([await count('contact_messages'), await count('outbox')], before);
  });
});

describe('POST /supportdesk/add', () => {
  it('stores the ticket with a TCA-<year>-<number> reference, answers it, and queues a support-tickets job', async () => {
    const res = await post('/supportdesk/add', ticket(), newAddress());
    assert.equal(res.status, 201);
    const answer = ticketAnswerSchema.parse(await res.json());
    assert.equal(answer.message, 'Ticket submitted successfully!');
    assert.match(answer.reference, new RegExp(`^TCA-${yearInAdelaide(new Date())}-\\d{6}$`));

    const { rows } = await pool.query<{ uid: string; name: string; country_code: string; issue_type: string; notified_at: Date | null }>(
      'SELECT uid, name, country_code, issue_type, notified_at FROM support_tickets WHERE reference = $1',
      [answer.reference],
    );
    const row = rows[0];
    assert.ok(row);
    assert.deepEqual([row.name, row.country_code, row.issue_type, row.notified_at], ['Arun Kumar', '+61', 'billing', null]);

    const [job] = await outboxRows(`ticket-${row.uid}`);
    assert.ok(job);
    assert.equal(job.queue, QUEUES.supportTickets);
    assert.deepEqual(supportTicketJobSchema.parse(job.payload), { ticketUid: row.uid, reference: answer.reference });
    await waitFor(async () => (await outboxRows(`ticket-${row.uid}`))[0]?.sent_at != null, 10_000, 'the ticket job to be relayed');
    const queue = new Queue(QUEUES.supportTickets, { connection: { host: '127.0.0.1', port: redis.port } });
    try {
      assert.deepEqual((await queue.getJob(`ticket-${row.uid}`))?.data, job.payload);
    } finally {
      await queue.close();
    }
  });

  it('defaults the country code to +91', async () => {
    const { countryCode: _omitted, ...withoutCode } = ticket();
    const res = await post('/supportdesk/add', withoutCode, newAddress());
    assert.equal(res.status, 201);
    const { reference } = ticketAnswerSchema.parse(await res.json());
    const { rows } = await pool.query<{ country_code: string }>('SELECT country_code FROM support_tickets WHERE reference = $1', [reference]);
    assert.equal(rows[0]?.country_code, '+91');
  });

  it('answers 400 naming each bad field, and stores nothing', async () => {
    const before = await count('support_tickets');
    const res = await post('/supportdesk/add', { name: '', email: 'arun@', countryCode: '+99', phone: '', issueType: '', issueDescription: ' ' }, newAddress());
    const fields = await assertValidationError(res, ['name', 'email', 'countryCode', 'phone', 'issueType', 'issueDescription']);
    assert.equal(fields.issueType, 'Issue type is required');
    assert.equal(fields.countryCode, 'Choose a country code from the list');
    const missing = await post('/supportdesk/add', {}, newAddress());
    await assertValidationError(missing, ['name', 'email', 'phone', 'issueType', 'issueDescription']);
    assert.equal(await count('support_tickets'), before);
  });

  it('turns a filled-in honeypot away with 400 and stores nothing', async () => {
    const before = [await count('support_tickets'), await count('outbox')];
    const res = await post('/supportdesk/add', ticket({ website: 'x' }), newAddress());
    await assertValidationError(res, ['website']);
    assert.deepEqual([await count('support_tickets'), await count('outbox')], before);
  });

  it('gives every ticket its own reference, numbered by the sequence, even when submitted at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const res = await post('/supportdesk/add', ticket({ name: `Submitter ${i}` }), newAddress());
        assert.equal(res.status, 201);
        return ticketAnswerSchema.parse(await res.json()).reference;
      }),
    );
    assert.equal(new Set(answers).size, answers.length);
    const numbers = answers.map((reference) => Number(reference.split('-')[2])).sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    assert.deepEqual(numbers, numbers.map((_, i) => first + i), 'consecutive numbers from the sequence');
    // The database refuses a second ticket with an existing reference.
    await assert.rejects(
      pool.query(`INSERT INTO support_tickets (reference, name, email, issue_type, issue_description) VALUES ($1, 'x', 'x@example.org', 'general', 'x')`, [answers[0]]),
      (err: { code?: string }) => err.code === '23505',
    );
    await assert.rejects(
      pool.query(`INSERT INTO support_tickets (reference, name, email, issue_type, issue_description) VALUES ('T-1', 'x', 'x@example.org', 'general', 'x')`),
      (err: { code?: string }) => err.code === '23514',
    );
  });
});

describe('rate limits', () => {
  it(`answers the ${LIMIT + 1}th message from one address with 429, a clear message and Retry-After`, async () => {
    const ip = newAddress();
    for (let i = 0; i < LIMIT; i++) assert.equal((await post('/email/send', contact(), ip)).status, 201);
    const stored = await count('contact_messages');
    const limited = await post('/email/send', contact(), ip);
    assert.equal(limited.status, 429);
    assert.deepEqual(apiErrorSchema.parse(await limited.json()), { error: 'rate_limited', message: 'Too many messages from this address. Please try again in 15 minutes.' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 880 && retryAfter <= 900, `Retry-After ${retryAfter}`);
    assert.match(limited.headers.get('ratelimit') ?? '', /limit=3, remaining=0/);
    assert.equal(await count('contact_messages'), stored, 'nothing stored');

    // Another address, and the other form from the same address, have their own budgets.
    assert.equal((await post('/email/send', contact(), newAddress())).status, 201);
    assert.equal((await post('/supportdesk/add', ticket(), ip)).status, 201);
  });

  it('limits tickets the same way', async () => {
    const ip = newAddress();
    for (let i = 0; i < LIMIT; i++) assert.equal((await post('/supportdesk/add', ticket(), ip)).status, 201);
    const limited = await post('/supportdesk/add', ticket(), ip);
    assert.equal(limited.status, 429);
    assert.equal(apiErrorSchema.parse(await limited.json()).error, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
  });

  it('counts the visitor the gateway forwards for, not the gateway itself', async () => {
    const visitorIp = newAddress();
    // Requests from loopback (the gateway) carry the visitor last in X-Forwarded-For; what a visitor put
    // in front of it does not name a different client.
    for (let i = 0; i < LIMIT; i++) assert.equal((await post('/email/send', contact(), `198.51.100.${i}, ${visitorIp}`)).status, 201);
    assert.equal((await post('/email/send', contact(), `198.51.100.99, ${visitorIp}`)).status, 429);
  });
});
