import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { contactMessageSchema, supportTicketSchema } from '@tca/contracts';
import { createPool, runMigrations, type Pool } from '@tca/service-kit';
import { createTestDatabase, type TestDatabase } from '@tca/service-kit/testing';
import { MIGRATIONS_DIR, SCHEMA } from '../../config.js';
import { brandFor } from './form-emails.js';
import { purgeExpiredSubmissions } from './purge-expired-submissions.js';
import { saveContactMessage, saveSupportTicket } from './form-submissions.js';

let db: TestDatabase;
let pool: Pool;

before(async () => {
  db = await createTestDatabase('content_retention');
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'retention-test' });
  await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
});

after(async () => {
  await pool?.end();
  await db?.drop();
});

const mail = { inbox: 'contact@tamil.example.org', brand: brandFor('https://tamil.example.org') };

it('deletes messages, tickets and their relayed e-mails older than the retention, and keeps newer ones', async () => {
  const message = contactMessageSchema.parse({ name: 'Old Sender', phoneNumber: '0400000000', senderEmail: 'old@example.org', message: 'Hello' });
  const ticket = supportTicketSchema.parse({ name: 'Old Ticket', email: 'old@example.org', phone: '0400000000', issueType: 'general', issueDescription: 'Question' });
  const oldMessage = await saveContactMessage(pool, message, mail);
  const oldTicket = await saveSupportTicket(pool, ticket);
  const newMessage = await saveContactMessage(pool, { ...message, name: 'New Sender' }, mail);
  const newTicket = await saveSupportTicket(pool, { ...ticket, name: 'New Ticket' });
  await pool.query(`UPDATE contact_messages SET created_at = now() - interval '731 days' WHERE id = $1`, [oldMessage.id]);
  await pool.query(`UPDATE support_tickets SET created_at = now() - interval '731 days' WHERE id = $1`, [oldTicket.id]);
  // The old message's e-mails were relayed long ago; the new one's are still waiting to be sent.
  await pool.query(`UPDATE outbox SET created_at = now() - interval '731 days', sent_at = now() - interval '731 days', settled_at = now() - interval '731 days' WHERE job_id LIKE $1`, [`contact-${oldMessage.uid}-%`]);

  const purged = await purgeExpiredSubmissions(pool, 730);
  assert.deepEqual(purged, { messages: 1, tickets: 1, outbox: 2 });

  const messages = await pool.query<{ id: number }>('SELECT id FROM contact_messages ORDER BY id');
  assert.deepEqual(messages.rows.map((r) => r.id), [newMessage.id]);
  const tickets = await pool.query<{ id: number }>('SELECT id FROM support_tickets ORDER BY id');
  assert.deepEqual(tickets.rows.map((r) => r.id), [newTicket.id]);
  const kept = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE job_id LIKE $1', [`contact-${newMessage.uid}-%`]);
  assert.equal(kept.rows[0]?.n, 2, "the new message's e-mails are kept");

  assert.deepEqual(await purgeExpiredSubmissions(pool, 730), { messages: 0, tickets: 0, outbox: 0 }, 'a second sweep finds nothing');
});
