import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema, type ContactMessageInput, type SupportTicketInput } from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, startRedisServer, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA } from '../../config.js';
import { start } from '../../server.js';

/**
 * The forms with characters PostgreSQL cannot store in text or jsonb: NUL ("\u0000") and a lone UTF-16
 * surrogate ("\uD800", which JSON carries as an escape but no UTF-8 text can hold). Each used to reach the
 * database and come back as a 500 internal_error; now each is a 400 that names the field, and nothing is stored.
 */

let db: TestDatabase;
let redis: TestRedisServer;
let running: { url: string; stop(): Promise<void> };
let pool: Pool;

before(async () => {
  db = await createTestDatabase('content_form_characters');
  redis = await startRedisServer();
  const config = loadContentConfig({ DATABASE_URL: db.url, REDIS_URL: redis.url, PORT: '0', CONTACT_RATE_LIMIT: '0', TICKET_RATE_LIMIT: '0' });
  running = await start(config, { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'form-characters-test' });
});

after(async () => {
  await running?.stop();
  await pool?.end();
  await redis?.stop();
  await db?.drop();
});

let nextAddress = 1;
function post(path: string, body: unknown): Promise<Response> {
  nextAddress += 1;
  return fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${nextAddress % 250}` },
    body: JSON.stringify(body),
  });
}

async function count(table: 'contact_messages' | 'support_tickets' | 'outbox'): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? -1;
}

const contact: ContactMessageInput = { name: 'Kavitha Raman', phoneNumber: '0412 345 678', senderEmail: 'kavitha@example.org', subject: 'Pongal festival', message: 'When does it start?' };
const ticket: SupportTicketInput = { name: 'Arun Kumar', email: 'arun@example.org', countryCode: '+61', phone: '0400 111 222', issueType: 'billing', issueDescription: 'I was charged twice.' };

const BAD_CHARACTERS = [
  ['NUL', '\u0000'],
  ['a lone surrogate', '\uD800'],
] as const;

/** `value` with `bad` in its middle, the way a fuzzer or a pasted binary would send it. */
const spoil = (value: string, bad: string) => `${value.slice(0, 3)}${bad}${value.slice(3)}`;

const FORMS = [
  { path: '/email/send', table: 'contact_messages', valid: contact as Record<string, string>, fields: ['name', 'phoneNumber', 'senderEmail', 'subject', 'message'] },
  { path: '/supportdesk/add', table: 'support_tickets', valid: ticket as Record<string, string>, fields: ['name', 'email', 'phone', 'issueDescription'] },
] as const;

for (const form of FORMS) {
  describe(`POST ${form.path} with characters the database cannot store`, () => {
    it('still stores the valid form (the control)', async () => {
      assert.equal((await post(form.path, form.valid)).status, 201);
    });

    for (const [what, bad] of BAD_CHARACTERS) {
      for (const field of form.fields) {
        it(`answers 400 naming ${field} when it holds ${what}, and stores nothing`, async () => {
          const before = [await count(form.table), await count('outbox')];
          const res = await post(form.path, { ...form.valid, [field]: spoil(form.valid[field] ?? '', bad) });
          const text = await res.text();
          assert.equal(res.status, 400, text);
          const body = apiErrorSchema.parse(JSON.parse(text));
          assert.equal(body.error, 'validation_failed');
          assert.deepEqual(Object.keys(body.fields ?? {}), [field]);
          assert.match(body.fields?.[field] ?? '', /contains a character that is not allowed$/);
          assert.match(body.message, /contains a character that is not allowed\.$/);
          assert.deepEqual([await count(form.table), await count('outbox')], before);
        });
      }
    }
  });
}
