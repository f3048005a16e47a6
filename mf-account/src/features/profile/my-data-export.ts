import type { AccountExport, MyContactMessage, MySupportTicket, MyTicket, MyTicketsAnswer, TicketMessage } from '@tca/contracts';
import { isRejectedToken, type FetchLike } from '@tca/ui/api';
import { getAccountExport } from './api/get-account-export.js';
import { getMyContactMessages } from './api/get-my-contact-messages.js';
import { getMySupportTickets } from './api/get-my-support-tickets.js';
import { getMyTickets } from './api/my-tickets.js';
import { translator } from '@tca/ui/i18n';
import { profileCatalog } from './messages.js';

/**
 * Beyond the spec, "Download my data": everything the site holds about the member — the account
 * (identity), memberships, and the support tickets (with their conversations) and contact messages
 * sent while logged in (content) — gathered with the session token into one JSON file.
 */

/** The account answer (identity) includes the memberships; a ticket's conversation comes from the support desk's member API. */
export type MyDataPart = 'account' | 'supportTickets' | 'ticketConversations' | 'contactMessages';

// The failure names what could not be read, in the language shown (account.profile `data.part.*`).
function partName(part: MyDataPart): string {
  return translator(profileCatalog)(`data.part.${part}`);
}

/**
 * A support ticket in the file: what the member submitted (GET /supportdesk/mine), where it stands and its
 * whole conversation with the support team (GET /supportdesk/mine/tickets: no staff notes, staff unnamed).
 */
export type ExportedTicket = Partial<MySupportTicket> &
  Pick<MyTicket, 'reference' | 'issueType' | 'createdAt'> & { status: MyTicket['status'] | null; closedAt: string | null; conversation: TicketMessage[] };

/**
 * Each submitted ticket with its conversation, matched by reference, newest first as submitted; a ticket only the
 * support desk knows is added with what it has. When either answer is not in the expected shape both are kept
 * as they came (nothing is dropped).
 */
export function ticketsWithConversations(submitted: MySupportTicket[] | null, desk: MyTicketsAnswer | null, bodies: { submitted: unknown; desk: unknown }): ExportedTicket[] | unknown {
  if (!submitted || !desk) return { submitted: bodies.submitted ?? [], conversations: bodies.desk ?? [] };
  const byReference = new Map(desk.tickets.map((ticket) => [ticket.reference, ticket]));
  const exported: ExportedTicket[] = submitted.map((ticket) => {
    const found = byReference.get(ticket.reference);
    byReference.delete(ticket.reference);
    return { ...ticket, status: found?.status ?? null, closedAt: found?.closedAt ?? null, conversation: found?.messages ?? [] };
  });
  for (const ticket of byReference.values()) {
    exported.push({ reference: ticket.reference, issueType: ticket.issueType, createdAt: ticket.createdAt, status: ticket.status, closedAt: ticket.closedAt, conversation: ticket.messages });
  }
  return exported;
}

export interface MyDataExport {
  /** What this file is, for someone who opens it later. */
  description: string;
  exportedAt: string;
  account: Omit<AccountExport, 'memberships'>;
  memberships: AccountExport['memberships'];
  /** Each ticket with its conversation (ticketsWithConversations); kept as it came if either answer ever differs. */
  supportTickets: ExportedTicket[] | unknown;
  contactMessages: MyContactMessage[] | unknown;
}

export function assembleMyData(parts: { account: AccountExport; supportTickets: unknown; contactMessages: unknown }, now = new Date()): MyDataExport {
  const { memberships, ...account } = parts.account;
  return {
    description: 'Everything the Adelaide Tamil Association website holds about your account, exported at your request.',
    exportedAt: now.toISOString(),
    account,
    memberships,
    supportTickets: parts.supportTickets ?? [],
    contactMessages: parts.contactMessages ?? [],
  };
}

/** e.g. tca-my-data-2026-05-01.json (the UTC day of the export). */
export function myDataFileName(now = new Date()): string {
  return `tca-my-data-${now.toISOString().slice(0, 10)}.json`;
}

export type GatherResult =
  | { kind: 'ok'; data: MyDataExport }
  /** The server no longer accepts the session: log out. */
  | { kind: 'rejected' }
  | { kind: 'failed'; message: string };

/** Fetches every part at once; one missing part fails the whole export, naming what could not be read. */
export async function gatherMyData(token: string, fetchImpl?: FetchLike, now = () => new Date()): Promise<GatherResult> {
  const [account, supportTickets, ticketConversations, contactMessages] = await Promise.all([
    getAccountExport(token, fetchImpl),
    getMySupportTickets(token, fetchImpl),
    getMyTickets(token, undefined, fetchImpl),
    getMyContactMessages(token, fetchImpl),
  ]);
  const results = { account, supportTickets, ticketConversations, contactMessages };
  if (Object.values(results).some((result) => isRejectedToken(result))) return { kind: 'rejected' };
  const parts = Object.keys(results) as MyDataPart[];
  const missing = parts.filter((part) => results[part].kind !== 'ok' || (part === 'account' && account.kind === 'ok' && account.answer === null));
  if (missing.length > 0 || account.kind !== 'ok' || account.answer === null || supportTickets.kind !== 'ok' || ticketConversations.kind !== 'ok') {
    const names = missing.map(partName);
    return { kind: 'failed', message: translator(profileCatalog)('data.failed', { parts: names.join(', ') }) };
  }
  // The parsed answer when it has the contract's shape, else the body as it came: nothing is dropped.
  const body = (part: MyDataPart): unknown => {
    const result = results[part];
    return result.kind === 'ok' ? (result.answer ?? result.body) : null;
  };
  return {
    kind: 'ok',
    data: assembleMyData(
      {
        account: account.answer,
        supportTickets: ticketsWithConversations(supportTickets.answer, ticketConversations.answer, { submitted: supportTickets.body, desk: ticketConversations.body }),
        contactMessages: body('contactMessages'),
      },
      now(),
    ),
  };
}
