import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  assigneesAnswerSchema,
  contactInboxAnswerSchema,
  contactMessageAnswerSchema,
  myTicketAnswerSchema,
  myTicketsAnswerSchema,
  staffTicketAnswerSchema,
  ticketAnswerSchema,
  ticketListAnswerSchema,
  SUPPORT_STAFF_UNAVAILABLE_MESSAGE,
  TICKET_ASSIGNEE_UNKNOWN_MESSAGE,
  TICKET_CLOSED_MESSAGE,
  TICKET_REOPEN_DAYS,
  TICKET_REOPEN_TOO_LATE_MESSAGE,
  type EmailJob,
  type StaffTicket,
  type SupportTicketInput,
} from '@tca/contracts';
import { startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';
import { assertRoleOnly, type StaffEndpoint } from '../../testing/staff-role-matrix.js';

/**
 * The support desk (issue 15) on the real service: PostgreSQL, Redis, identity as the stub. The role matrix
 * (support and owner only), the conversation (replies e-mailed through the outbox with the reference, notes
 * never shown to members), statuses (a reply waits on the member, the member's answer opens it again, nothing
 * is answered on a closed ticket), the 14-day reopen boundary, assignment, the contact inbox, the audit log.
 */

const SUPPORT_INBOX = 'desk@example.org';
let site: StaffContentSite;
let support: string;
let owner: string;
let member: { token: string; user: { id: string; email: string } };
let other: string;

const ticketBody: SupportTicketInput = {
  name: 'Meera Raman',
  email: 'meera@example.org',
  countryCode: '+61',
  phone: '0412345678',
  issueType: 'billing',
  issueDescription: 'I was charged twice for my membership.',
};

before(async () => {
  site = await startStaffContentSite('content_support_desk', { SUPPORT_INBOX, TICKET_RATE_LIMIT: '1000', CONTACT_RATE_LIMIT: '1000' });
  support = `Bearer ${site.identity.issue({ id: 'staff-sam', email: 'sam@example.org' }, { roles: ['support'], secondFactor: true }).token}`;
  owner = `Bearer ${site.identity.issue({ id: 'staff-olga', email: 'olga@example.org' }, { roles: ['owner'], secondFactor: true }).token}`;
  member = site.identity.issue({ id: 'member-meera', email: 'meera@example.org' });
  other = `Bearer ${site.identity.issue({ id: 'member-other' }).token}`;
});

after(async () => {
  await site?.stop();
});

async function raise(authorization: string | undefined, body: Partial<SupportTicketInput> = {}): Promise<string> {
  const res = await site.call('POST', '/supportdesk/add', authorization, { ...ticketBody, ...body });
  assert.equal(res.status, 201, await res.clone().text());
  return ticketAnswerSchema.parse(await res.json()).reference;
}

async function staffTicket(res: Response, status = 200): Promise<StaffTicket> {
  assert.equal(res.status, status, await res.clone().text());
  return staffTicketAnswerSchema.parse(await res.json()).ticket;
}

async function outboxJobs(like: string): Promise<Array<{ name: string; payload: EmailJob }>> {
  const { rows } = await site.pool.query<{ job_name: string; payload: EmailJob }>('SELECT job_name, payload FROM outbox WHERE job_id LIKE $1 ORDER BY id', [like]);
  return rows.map((row) => ({ name: row.job_name, payload: row.payload }));
}

async function auditActions(target: string): Promise<string[]> {
  const { rows } = await site.pool.query<{ action: string; actor_email: string }>('SELECT action, actor_email FROM audit_log WHERE target = $1 ORDER BY id', [target]);
  return rows.map((row) => `${row.action} by ${row.actor_email}`);
}

async function uidOf(reference: string): Promise<string> {
  const { rows } = await site.pool.query<{ uid: string }>('SELECT uid FROM support_tickets WHERE reference = $1', [reference]);
  return rows[0]?.uid ?? '';
}

const T = '/staff-api/content/support/tickets';
const MINE = '/supportdesk/mine/tickets';

describe('the support desk API', { timeout: 120_000 }, () => {
  it('lets only support staff and owners in (editor, treasurer, membership officer: 403 forbidden; no session 401)', async () => {
    const reference = await raise(undefined);
    const { rows } = await site.pool.query<{ id: number }>(`INSERT INTO contact_messages (name, sender_email, subject, message) VALUES ('A', 'a@example.org', 'S', 'M') RETURNING id`);
    const endpoints: StaffEndpoint[] = [
      ['GET', T],
      ['GET', `${T}/${reference}`],
      ['POST', `${T}/${reference}/notes`, { body: 'role matrix note' }],
      ['PUT', `${T}/${reference}/assignee`, { assignee: null }],
      ['GET', '/staff-api/content/support/assignees'],
      ['GET', '/staff-api/content/support/contact-messages'],
      ['PUT', `/staff-api/content/support/contact-messages/${rows[0]?.id}/handled`],
      ['DELETE', `/staff-api/content/support/contact-messages/${rows[0]?.id}/handled`],
    ];
    await assertRoleOnly(site, (method, path, auth, body) => site.call(method, path, auth, body), 'support', endpoints, [200, 201]);
    const editor = await site.call('POST', `${T}/${reference}/replies`, site.bearer(['editor']), { body: 'no' });
    assert.equal(editor.status, 403);
    assert.equal((await outboxJobs(`ticket-${await uidOf(reference)}-reply-%`)).length, 0, 'a refused reply e-mails nobody');
  });

  it('a reply is e-mailed through the outbox with the reference and waits on the member; a note e-mails nobody and members never see it', async () => {
    const reference = await raise(`Bearer ${member.token}`);
    const uid = await uidOf(reference);
    const list = ticketListAnswerSchema.parse(await (await site.call('GET', `${T}?status=open`, support)).json());
    const listed = list.tickets.find((t) => t.reference === reference);
    assert.ok(listed, 'the new ticket is on the Open tab');
    assert.equal(listed.hasAccount, true);
    assert.equal(listed.status, 'open');

    const page = await staffTicket(await site.call('GET', `${T}/${reference}`, support));
    assert.deepEqual([page.name, page.email, page.countryCode, page.phone, page.issueType, page.language], ['Meera Raman', 'meera@example.org', '+61', '0412345678', 'billing', 'en']);
    assert.deepEqual(page.messages.map((m) => [m.kind, m.body]), [['submission', ticketBody.issueDescription]]);

    const replied = await staffTicket(await site.call('POST', `${T}/${reference}/replies`, support, { body: '  We have refunded the second charge.  ' }), 201);
    assert.equal(replied.status, 'waiting_on_member');
    assert.deepEqual(replied.messages.at(-1), { ...replied.messages.at(-1), kind: 'staff_reply', authorEmail: 'sam@example.org', body: 'We have refunded the second charge.' });
    const mails = await outboxJobs(`ticket-${uid}-reply-%`);
    assert.equal(mails.length, 1, 'one e-mail per reply');
    const mail = mails[0]?.payload;
    assert.equal(mail?.to, 'meera@example.org');
    assert.equal(mail?.replyTo, SUPPORT_INBOX);
    assert.match(mail?.subject ?? '', new RegExp(reference));
    assert.match(mail?.text ?? '', /We have refunded the second charge\./);
    assert.match(mail?.text ?? '', /My tickets/);

    const noted = await staffTicket(await site.call('POST', `${T}/${reference}/notes`, support, { body: 'Checked Stripe: two charges.' }), 201);
    assert.equal(noted.status, 'waiting_on_member', 'a note keeps the status');
    assert.equal(noted.messages.at(-1)?.kind, 'note');
    assert.equal((await outboxJobs(`ticket-${uid}-%`)).filter((j) => j.name !== 'ticket-confirmation' && j.name !== 'ticket-alert').length, 1, 'the note e-mails nobody');

    const mine = myTicketsAnswerSchema.parse(await (await site.call('GET', MINE, `Bearer ${member.token}`)).json());
    const own = mine.tickets.find((t) => t.reference === reference);
    assert.ok(own);
    assert.equal(own.status, 'waiting_on_member');
    assert.deepEqual(own.messages.map((m) => [m.kind, m.authorEmail]), [['submission', 'meera@example.org'], ['staff_reply', null]], 'no notes, staff unnamed');
    assert.ok(!JSON.stringify(mine).includes('Checked Stripe'), 'the note text is nowhere in the member answer');

    const answered = await site.call('POST', `${MINE}/${reference}/replies`, `Bearer ${member.token}`, { body: 'Thank you, I see it now.' });
    assert.equal(answered.status, 201, await answered.clone().text());
    assert.equal(myTicketAnswerSchema.parse(await answered.json()).ticket.status, 'open');
    const alert = await outboxJobs(`ticket-${uid}-member-reply-%`);
    assert.equal(alert.length, 1);
    assert.equal(alert[0]?.payload.to, SUPPORT_INBOX);
    assert.match(alert[0]?.payload.subject ?? '', new RegExp(reference));

    const desk = await staffTicket(await site.call('GET', `${T}/${reference}`, support));
    assert.deepEqual(desk.messages.map((m) => m.kind), ['submission', 'staff_reply', 'note', 'member_reply']);
    assert.equal(desk.status, 'open');
    assert.deepEqual(await auditActions(`ticket:${reference}`), ['ticket_replied by sam@example.org', 'ticket_note_added by sam@example.org']);
  });


  it('a ticket raised from a Tamil page shows the desk that its replies are e-mailed in Tamil', async () => {
    const res = await fetch(`${site.url}/supportdesk/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ta-IN, en;q=0.5' },
      body: JSON.stringify(ticketBody),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const { reference } = ticketAnswerSchema.parse(await res.json());
    const page = await staffTicket(await site.call('GET', `${T}/${reference}`, support));
    assert.equal(page.language, 'ta');
  });
  it('members: 401 without a login; someone else’s ticket is not found; an empty reply is 400 with the form’s message', async () => {
    const reference = await raise(`Bearer ${member.token}`);
    assert.equal((await site.call('GET', MINE, undefined)).status, 401);
    assert.equal((await site.call('POST', `${MINE}/${reference}/replies`, undefined, { body: 'x' })).status, 401);
    assert.equal((await site.call('POST', `${MINE}/${reference}/replies`, other, { body: 'x' })).status, 404);
    assert.equal((await site.call('POST', `${MINE}/${reference}/reopen`, other)).status, 404);
    assert.equal((await site.call('POST', `${MINE}/TCA-1999-000000/replies`, `Bearer ${member.token}`, { body: 'x' })).status, 404);
    const empty = await site.call('POST', `${MINE}/${reference}/replies`, `Bearer ${member.token}`, { body: '   ' });
    assert.equal(empty.status, 400);
    assert.equal(((await empty.json()) as { fields: Record<string, string> }).fields.body, 'Write a message first');
    const mine = myTicketsAnswerSchema.parse(await (await site.call('GET', MINE, other)).json());
    assert.equal(mine.tickets.length, 0);
  });

  it('closed: no replies (409, both sides); the member reopens within 14 days of closing, not after', async () => {
    const reference = await raise(`Bearer ${member.token}`);
    const closed = await staffTicket(await site.call('POST', `${T}/${reference}/close`, support));
    assert.equal(closed.status, 'closed');
    assert.ok(closed.closedAt);
    assert.equal((await site.call('POST', `${T}/${reference}/close`, support)).status, 409);
    const memberReply = await site.call('POST', `${MINE}/${reference}/replies`, `Bearer ${member.token}`, { body: 'One more thing' });
    assert.equal(memberReply.status, 409);
    assert.equal(((await memberReply.json()) as { message: string }).message, TICKET_CLOSED_MESSAGE);
    assert.equal((await site.call('POST', `${T}/${reference}/replies`, support, { body: 'x' })).status, 409);

    const closeAgo = (interval: string) => site.pool.query(`UPDATE support_tickets SET closed_at = now() - $2::interval WHERE reference = $1`, [reference, interval]);
    await closeAgo(`${TICKET_REOPEN_DAYS} days 1 minute`);
    const late = await site.call('POST', `${MINE}/${reference}/reopen`, `Bearer ${member.token}`);
    assert.equal(late.status, 409);
    assert.deepEqual(await late.json(), { error: 'reopen_too_late', message: TICKET_REOPEN_TOO_LATE_MESSAGE });
    await closeAgo(`${TICKET_REOPEN_DAYS} days -1 minute`);
    const inTime = await site.call('POST', `${MINE}/${reference}/reopen`, `Bearer ${member.token}`);
    assert.equal(inTime.status, 200, await inTime.clone().text());
    const reopened = myTicketAnswerSchema.parse(await inTime.json()).ticket;
    assert.equal(reopened.status, 'open');
    assert.equal(reopened.closedAt, null);
    assert.equal((await site.call('POST', `${MINE}/${reference}/reopen`, `Bearer ${member.token}`)).status, 409, 'an open ticket is not reopened');

    await site.call('POST', `${T}/${reference}/close`, owner);
    const staffReopen = await staffTicket(await site.call('POST', `${T}/${reference}/reopen`, owner));
    assert.equal(staffReopen.status, 'open');
    assert.deepEqual(await auditActions(`ticket:${reference}`), ['ticket_closed by sam@example.org', 'ticket_closed by olga@example.org', 'ticket_reopened by olga@example.org']);
  });

  it('a visitor’s ticket (no account): the reply e-mail says to answer by e-mail; two closes at once close it once', async () => {
    const reference = await raise(undefined, { email: 'visitor@example.org' });
    const uid = await uidOf(reference);
    const page = await staffTicket(await site.call('GET', `${T}/${reference}`, support));
    assert.equal(page.hasAccount, false);
    await staffTicket(await site.call('POST', `${T}/${reference}/replies`, support, { body: 'Could you send a screenshot?' }), 201);
    const [mail] = await outboxJobs(`ticket-${uid}-reply-%`);
    assert.equal(mail?.payload.to, 'visitor@example.org');
    assert.match(mail?.payload.text ?? '', new RegExp(`keep ${reference} in the subject`));
    assert.doesNotMatch(mail?.payload.text ?? '', /My tickets/);
    const closes = await Promise.all([support, owner].map((who) => site.call('POST', `${T}/${reference}/close`, who)));
    assert.deepEqual(closes.map((res) => res.status).sort(), [200, 409]);
    assert.equal((await auditActions(`ticket:${reference}`)).filter((entry) => entry.startsWith('ticket_closed')).length, 1);
  });

  it('assigns to someone who works the desk as identity says (support or owner), or to nobody; anyone else is 400', async () => {
    const reference = await raise(undefined);
    const stranger = await site.call('PUT', `${T}/${reference}/assignee`, owner, { assignee: { userId: 'someone', email: 'someone@example.org' } });
    assert.equal(stranger.status, 400);
    const self = await staffTicket(await site.call('PUT', `${T}/${reference}/assignee`, owner, { assignee: { userId: 'staff-olga', email: 'olga@example.org' } }));
    assert.deepEqual(self.assignee, { userId: 'staff-olga', email: 'olga@example.org' });
    // Sam holds the support role in identity: the owner may pick them.
    const people = assigneesAnswerSchema.parse(await (await site.call('GET', '/staff-api/content/support/assignees', owner)).json()).assignees;
    assert.ok(people.some((p) => p.email === 'sam@example.org'));
    const sam = await staffTicket(await site.call('PUT', `${T}/${reference}/assignee`, owner, { assignee: { userId: 'staff-sam', email: 'sam@example.org' } }));
    assert.equal(sam.assignee?.email, 'sam@example.org');
    const nobody = await staffTicket(await site.call('PUT', `${T}/${reference}/assignee`, support, { assignee: null }));
    assert.equal(nobody.assignee, null);
    assert.deepEqual(await auditActions(`ticket:${reference}`), ['ticket_assigned by olga@example.org', 'ticket_assigned by olga@example.org', 'ticket_assigned by sam@example.org']);
  });

  it('a brand-new support volunteer (never acted on the desk) is listed and assignable; a treasurer-only staff member is not (400)', async () => {
    const reference = await raise(undefined);
    site.identity.issue({ id: 'staff-new-volunteer', email: 'newvolunteer@example.org', firstName: 'Nila', lastName: 'Vannan' }, { roles: ['support'], secondFactor: true });
    site.identity.issue({ id: 'staff-tara', email: 'tara@example.org' }, { roles: ['treasurer'], secondFactor: true });
    const people = assigneesAnswerSchema.parse(await (await site.call('GET', '/staff-api/content/support/assignees', support)).json()).assignees;
    assert.deepEqual(people.find((p) => p.userId === 'staff-new-volunteer'), { userId: 'staff-new-volunteer', email: 'newvolunteer@example.org', displayName: 'Nila Vannan' });
    assert.ok(people.some((p) => p.userId === 'staff-olga'), 'owners work every desk');
    assert.ok(!people.some((p) => p.userId === 'staff-tara'), 'a treasurer does not work the support desk');
    assert.deepEqual(people.map((p) => p.email), [...people.map((p) => p.email)].sort((a, b) => a.localeCompare(b)), 'by e-mail');
    const volunteer = await staffTicket(await site.call('PUT', `${T}/${reference}/assignee`, support, { assignee: { userId: 'staff-new-volunteer', email: 'newvolunteer@example.org' } }));
    assert.deepEqual(volunteer.assignee, { userId: 'staff-new-volunteer', email: 'newvolunteer@example.org' });
    const treasurer = await site.call('PUT', `${T}/${reference}/assignee`, support, { assignee: { userId: 'staff-tara', email: 'tara@example.org' } });
    assert.equal(treasurer.status, 400);
    assert.deepEqual(await treasurer.json(), { error: 'validation_failed', message: TICKET_ASSIGNEE_UNKNOWN_MESSAGE, fields: { assignee: TICKET_ASSIGNEE_UNKNOWN_MESSAGE } });
    const wrongEmail = await site.call('PUT', `${T}/${reference}/assignee`, support, { assignee: { userId: 'staff-new-volunteer', email: 'someone-else@example.org' } });
    assert.equal(wrongEmail.status, 400, 'the id and the e-mail must be the same person’s');
    assert.deepEqual(await auditActions(`ticket:${reference}`), ['ticket_assigned by sam@example.org']);
  });

  it('someone assigned an open ticket stays listed after leaving the support role (until their tickets close)', async () => {
    const [first, second] = [await raise(undefined), await raise(undefined)];
    const leaver = { userId: 'staff-leaver', email: 'leaver@example.org' };
    site.identity.issue({ id: leaver.userId, email: leaver.email }, { roles: ['support'], secondFactor: true });
    await staffTicket(await site.call('PUT', `${T}/${first}/assignee`, owner, { assignee: leaver }));
    site.identity.issue({ id: leaver.userId, email: leaver.email }, { roles: ['editor'], secondFactor: true });
    const listed = async () => assigneesAnswerSchema.parse(await (await site.call('GET', '/staff-api/content/support/assignees', owner)).json()).assignees.some((p) => p.userId === leaver.userId);
    assert.ok(await listed(), 'still assigned an open ticket');
    assert.deepEqual((await staffTicket(await site.call('PUT', `${T}/${first}/assignee`, owner, { assignee: leaver }))).assignee, leaver, 'saving the current assignee again');
    await staffTicket(await site.call('POST', `${T}/${first}/close`, owner));
    assert.equal(await listed(), false, 'their only ticket is closed');
    assert.equal((await site.call('PUT', `${T}/${second}/assignee`, owner, { assignee: leaver })).status, 400);
    assert.deepEqual((await staffTicket(await site.call('PUT', `${T}/${first}/assignee`, owner, { assignee: leaver }))).assignee, leaver, 'the closed ticket keeps them');
  });

  it('identity failing or hanging on the staff list: the assignees and assigning someone are 503 with a clear message; unassigning still works', async () => {
    const reference = await raise(undefined);
    for (const mode of ['error', 'hang'] as const) {
      site.identity.colleaguesMode = mode;
      try {
        const started = performance.now();
        const list = await site.call('GET', '/staff-api/content/support/assignees', support);
        assert.equal(list.status, 503, mode);
        assert.equal(list.headers.get('retry-after'), '5');
        assert.deepEqual(await list.json(), { error: 'identity_unavailable', message: SUPPORT_STAFF_UNAVAILABLE_MESSAGE });
        assert.ok(performance.now() - started < 3000, `${mode}: answered within the time-box`);
        const assign = await site.call('PUT', `${T}/${reference}/assignee`, support, { assignee: { userId: 'staff-sam', email: 'sam@example.org' } });
        assert.equal(assign.status, 503, mode);
        assert.equal((await assign.json() as { message: string }).message, SUPPORT_STAFF_UNAVAILABLE_MESSAGE);
        assert.equal((await staffTicket(await site.call('PUT', `${T}/${reference}/assignee`, support, { assignee: null }))).assignee, null);
      } finally {
        site.identity.colleaguesMode = 'normal';
      }
    }
    assert.deepEqual(await auditActions(`ticket:${reference}`), ['ticket_assigned by sam@example.org', 'ticket_assigned by sam@example.org'], 'only the unassignments were made');
    assert.equal((await site.call('GET', '/staff-api/content/support/assignees', support)).status, 200, 'back once identity answers');
  });

  it('lists by status and issue type, newest activity or oldest first, in pages; a bad query is 400; an unknown reference 404', async () => {
    const first = await raise(undefined, { issueType: 'technical' });
    const second = await raise(undefined, { issueType: 'technical' });
    const list = async (query: string) => ticketListAnswerSchema.parse(await (await site.call('GET', `${T}?${query}`, support)).json());
    const newest = await list('status=open&issueType=technical');
    assert.deepEqual(newest.tickets.slice(0, 2).map((t) => t.reference), [second, first]);
    assert.ok(newest.tickets.every((t) => t.issueType === 'technical' && t.status === 'open'));
    const oldest = await list('status=open&issueType=technical&order=oldest');
    assert.deepEqual(oldest.tickets.slice(-2).map((t) => t.reference), [first, second]);
    const all = await list('status=all');
    assert.equal(all.total, all.counts.open + all.counts.waiting_on_member + all.counts.closed);
    assert.equal((await list('status=all&page=999')).tickets.length, 0);
    for (const bad of ['status=pending', 'issueType=x', 'order=up', 'page=0', 'page=x', 'extra=1']) {
      const res = await site.call('GET', `${T}?${bad}`, support);
      assert.equal(res.status, 400, bad);
    }
    assert.equal((await site.call('GET', `${T}/TCA-2026-999999`, support)).status, 404);
    assert.equal((await site.call('GET', `${T}/not-a-reference`, support)).status, 404);
  });

  it('contact inbox: newest first; marked handled by whom and when, unmarked; unknown id 404', async () => {
    const sent = await site.call('POST', '/email/send', undefined, { name: 'Kavin', senderEmail: 'kavin@example.org', phoneNumber: '0400000000', subject: 'Hall booking', message: 'Can we book the hall?' });
    assert.equal(sent.status, 201, await sent.clone().text());
    const { id } = (await sent.json()) as { id: string };
    const inbox = contactInboxAnswerSchema.parse(await (await site.call('GET', '/staff-api/content/support/contact-messages', support)).json());
    assert.equal(inbox.messages[0]?.id, id);
    assert.equal(inbox.messages[0]?.handledAt, null);
    const before = inbox.unhandled;

    const path = `/staff-api/content/support/contact-messages/${id}/handled`;
    const handled = contactMessageAnswerSchema.parse(await (await site.call('PUT', path, support)).json()).message;
    assert.equal(handled.handledBy, 'sam@example.org');
    assert.ok(handled.handledAt);
    const again = contactMessageAnswerSchema.parse(await (await site.call('PUT', path, owner)).json()).message;
    assert.deepEqual([again.handledBy, again.handledAt], [handled.handledBy, handled.handledAt], 'marking again keeps who did it first');
    const after = contactInboxAnswerSchema.parse(await (await site.call('GET', '/staff-api/content/support/contact-messages?handled=yes', support)).json());
    assert.equal(after.unhandled, before - 1);
    assert.ok(after.messages.some((m) => m.id === id));

    const unmarked = contactMessageAnswerSchema.parse(await (await site.call('DELETE', path, owner)).json()).message;
    assert.deepEqual([unmarked.handledAt, unmarked.handledBy], [null, null]);
    assert.deepEqual(await auditActions(`contact_message:${id}`), ['contact_message_handled by sam@example.org', 'contact_message_unhandled by olga@example.org']);
    for (const bad of ['999999', '0', 'x', '99999999999']) assert.equal((await site.call('PUT', `/staff-api/content/support/contact-messages/${bad}/handled`, support)).status, 404, bad);
    assert.equal((await site.call('GET', '/staff-api/content/support/contact-messages?handled=maybe', support)).status, 400);
  });
});
