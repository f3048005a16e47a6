import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import {
  apiErrorSchema,
  contactAnswerSchema,
  myContactMessagesSchema,
  mySupportTicketsSchema,
  ticketAnswerSchema,
  type ContactMessageInput,
  type SupportTicketInput,
} from '@tca/contracts';
import { createLogger, createPool, type Pool } from '@tca/service-kit';
import { createTestDatabase, startIdentityStub, startRedisServer, type IdentityStub, type TestDatabase, type TestRedisServer } from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA } from '../../config.js';
import { start } from '../../server.js';

/**
 * Contact messages and tickets sent with a member's session are linked to the member (user_id), and the
 * member can list them (GET /email/mine, /supportdesk/mine). Real PostgreSQL and a private Redis; identity
 * is the service-kit stub on a real port, switched to failing modes.
 */

const IDENTITY_TIMEOUT_MS = 300;

let db: TestDatabase;
let redis: TestRedisServer;
let identity: IdentityStub;
let running: { url: string; stop(): Promise<void> };
let pool: Pool;

function configFor(identityUrl: string) {
  return loadContentConfig({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PORT: '0',
    CONTENT_SEED_DIR: '',
    CONTACT_RATE_LIMIT: '0',
    TICKET_RATE_LIMIT: '0',
    IDENTITY_URL: identityUrl,
    IDENTITY_TIMEOUT_MS: String(IDENTITY_TIMEOUT_MS),
  });
}

before(async () => {
  db = await createTestDatabase('content_members');
  redis = await startRedisServer();
  identity = await startIdentityStub();
  running = await start(configFor(identity.url), { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
  pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'members-test' });
});

after(async () => {
  await running?.stop();
  await pool?.end();
  await identity?.close();
  await redis?.stop();
  await db?.drop();
});

/** Puts the stub in a failing mode for one test, and back to normal afterwards whatever happens. */
function identityMode(t: TestContext, mode: IdentityStub['mode']): void {
  identity.mode = mode;
  t.after(() => {
    identity.mode = 'normal';
  });
}

function contact(extra: Partial<ContactMessageInput> = {}): ContactMessageInput {
  return { name: 'Kavitha Raman', phoneNumber: '0412 345 678', senderEmail: 'kavitha@example.org', subject: 'Pongal festival', message: 'When does it start?', ...extra };
}

function ticket(extra: Partial<SupportTicketInput> = {}): SupportTicketInput {
  return { name: 'Arun Kumar', email: 'arun@example.org', countryCode: '+61', phone: '0400 111 222', issueType: 'billing', issueDescription: 'Charged twice.', ...extra };
}

function post(path: string, body: unknown, authorization?: string, base = running.url): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(authorization === undefined ? {} : { Authorization: authorization }) },
    body: JSON.stringify(body),
  });
}

function get(path: string, authorization?: string, base = running.url): Promise<Response> {
  return fetch(`${base}${path}`, { headers: authorization === undefined ? {} : { Authorization: authorization } });
}

async function sendContact(body: ContactMessageInput, authorization?: string, base?: string): Promise<string> {
  const res = await post('/email/send', body, authorization, base);
  assert.equal(res.status, 201);
  return contactAnswerSchema.parse(await res.json()).id;
}

async function sendTicket(body: SupportTicketInput, authorization?: string, base?: string): Promise<string> {
  const res = await post('/supportdesk/add', body, authorization, base);
  assert.equal(res.status, 201);
  return ticketAnswerSchema.parse(await res.json()).reference;
}

async function messageOwner(id: string): Promise<string | null | undefined> {
  const { rows } = await pool.query<{ user_id: string | null }>('SELECT user_id FROM contact_messages WHERE id = $1', [Number(id)]);
  return rows[0]?.user_id;
}

async function ticketOwner(reference: string): Promise<string | null | undefined> {
  const { rows } = await pool.query<{ user_id: string | null }>('SELECT user_id FROM support_tickets WHERE reference = $1', [reference]);
  return rows[0]?.user_id;
}

async function myMessages(authorization: string) {
  const res = await get('/email/mine', authorization);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  return myContactMessagesSchema.parse(await res.json());
}

async function myTickets(authorization: string) {
  const res = await get('/supportdesk/mine', authorization);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  return mySupportTicketsSchema.parse(await res.json());
}

describe('forms sent with a session', () => {
  it("link a contact message to the member, who sees their own messages newest first and no one else's", async () => {
    const meera = identity.issue();
    const other = identity.issue();
    const auth = `Bearer ${meera.token}`;
    const first = await sendContact(contact({ subject: 'First', message: 'One' }), auth);
    const second = await sendContact(contact({ subject: 'Second', message: 'Two', name: 'Meera R', senderEmail: 'meera@example.org', phoneNumber: '0400 000 001' }), auth);
    const others = await sendContact(contact({ subject: 'Not hers' }), `Bearer ${other.token}`);
    const anonymous = await sendContact(contact({ subject: 'Anonymous' }));

    assert.equal(await messageOwner(first), meera.user.id);
    assert.equal(await messageOwner(others), other.user.id);
    assert.equal(await messageOwner(anonymous), null);

    const mine = await myMessages(auth);
    assert.deepEqual(mine.map((m) => m.id), [second, first]);
    const latest = mine[0];
    assert.ok(latest);
    assert.deepEqual(
      { ...latest, createdAt: undefined },
      { id: second, subject: 'Second', message: 'Two', name: 'Meera R', email: 'meera@example.org', phone: '0400 000 001', createdAt: undefined },
    );
    assert.ok(Math.abs(Date.parse(latest.createdAt) - Date.now()) < 60_000, `createdAt ${latest.createdAt}`);
    assert.deepEqual((await myMessages(`Bearer ${other.token}`)).map((m) => m.id), [others]);
    assert.deepEqual(await myMessages(`Bearer ${identity.issue().token}`), [], 'a member who sent nothing gets an empty list');
  });

  it("link a ticket to the member, who sees their own tickets newest first and no one else's", async () => {
    const arun = identity.issue();
    const auth = `Bearer ${arun.token}`;
    const first = await sendTicket(ticket({ issueType: 'technical', issueDescription: 'Cannot log in' }), auth);
    const second = await sendTicket(ticket({ issueType: 'feedback', issueDescription: 'Lovely festival', countryCode: '+44', phone: '020 7946 0000' }), auth);
    const anonymous = await sendTicket(ticket());

    assert.equal(await ticketOwner(first), arun.user.id);
    assert.equal(await ticketOwner(anonymous), null);
    const mine = await myTickets(auth);
    assert.deepEqual(mine.map((t) => t.reference), [second, first]);
    assert.deepEqual(
      { ...mine[0], createdAt: undefined },
      { reference: second, issueType: 'feedback', issueDescription: 'Lovely festival', name: 'Arun Kumar', email: 'arun@example.org', countryCode: '+44', phone: '020 7946 0000', createdAt: undefined },
    );
    assert.deepEqual(await myTickets(`Bearer ${identity.issue().token}`), []);
  });

  it('with a token that is not a session are stored unlinked, never refused', async () => {
    const revoked = identity.issue();
    identity.revoke(revoked.token);
    for (const authorization of ['Bearer not-a-session', `Bearer ${revoked.token}`, 'Basic a2F2aXRoYTpzZWNyZXQ=', 'Bearer']) {
      assert.equal(await messageOwner(await sendContact(contact(), authorization)), null, authorization);
      assert.equal(await ticketOwner(await sendTicket(ticket(), authorization)), null, authorization);
    }
  });

  it('are stored unlinked while identity fails', async (t) => {
    const member = identity.issue();
    identityMode(t, 'error');
    const before = identity.lookups;
    assert.equal(await messageOwner(await sendContact(contact(), `Bearer ${member.token}`)), null);
    assert.equal(await ticketOwner(await sendTicket(ticket(), `Bearer ${member.token}`)), null);
    assert.equal(identity.lookups, before + 2, 'identity was asked');
  });

  it('are stored unlinked, within the time-box, while identity hangs', async (t) => {
    const member = identity.issue();
    identityMode(t, 'hang');
    const started = performance.now();
    const [id, reference] = await Promise.all([sendContact(contact(), `Bearer ${member.token}`), sendTicket(ticket(), `Bearer ${member.token}`)]);
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= IDENTITY_TIMEOUT_MS - 10 && elapsed < IDENTITY_TIMEOUT_MS + 2000, `answered after ${elapsed} ms`);
    assert.equal(await messageOwner(id), null);
    assert.equal(await ticketOwner(reference), null);
  });

  it('are stored unlinked while identity is down', async (t) => {
    const gone = await startIdentityStub();
    const member = gone.issue();
    await gone.close();
    const other = await start(configFor(gone.url), { handleSignals: false, logger: createLogger({ name: 'content', level: 'silent' }) });
    t.after(() => other.stop());
    assert.equal(await messageOwner(await sendContact(contact(), `Bearer ${member.token}`, other.url)), null);
    assert.equal(await ticketOwner(await sendTicket(ticket(), `Bearer ${member.token}`, other.url)), null);
    const list = await get('/email/mine', `Bearer ${member.token}`, other.url);
    assert.equal(list.status, 503);
    assert.equal(apiErrorSchema.parse(await list.json()).error, 'identity_unavailable');
  });

  it('are not linked from a body field: only the session decides', async () => {
    const res = await post('/email/send', { ...contact(), userId: 'someone-else' });
    assert.equal(res.status, 400);
    assert.equal(apiErrorSchema.parse(await res.json()).fields?.userId, 'Unknown field.');
  });
});

describe('GET /email/mine and /supportdesk/mine', () => {
  for (const path of ['/email/mine', '/supportdesk/mine']) {
    it(`${path} answers 401 without a valid session`, async () => {
      const revoked = identity.issue();
      identity.revoke(revoked.token);
      for (const authorization of [undefined, 'Basic a2F2aXRoYTpzZWNyZXQ=', 'Bearer', 'Bearer not-a-session', `Bearer ${revoked.token}`]) {
        const res = await get(path, authorization);
        assert.equal(res.status, 401, String(authorization));
        assert.equal(res.headers.get('www-authenticate'), 'Bearer');
        const body = apiErrorSchema.parse(await res.json());
        assert.equal(body.error, 'unauthorized');
        assert.match(body.message, /log in/);
      }
    });

    it(`${path} answers 503 while identity fails or hangs, and works again when it is back`, async (t) => {
      const member = identity.issue();
      for (const mode of ['error', 'hang'] as const) {
        identityMode(t, mode);
        const res = await get(path, `Bearer ${member.token}`);
        assert.equal(res.status, 503, mode);
        assert.equal(res.headers.get('retry-after'), '5');
        assert.equal(apiErrorSchema.parse(await res.json()).error, 'identity_unavailable');
      }
      identity.mode = 'normal';
      assert.equal((await get(path, `Bearer ${member.token}`)).status, 200);
    });
  }
});
