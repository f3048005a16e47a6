import type { AccountExport, MyContactMessage, MySupportTicket } from '@tca/contracts';
import { isRejectedToken, type FetchLike } from '@tca/ui/api';
import { getAccountExport } from './api/get-account-export.js';
import { getMyContactMessages } from './api/get-my-contact-messages.js';
import { getMySupportTickets } from './api/get-my-support-tickets.js';

/**
 * Beyond the spec, "Download my data": everything the site holds about the member — the account
 * (identity), memberships, and the support tickets and contact messages sent while logged in
 * (content) — gathered with the session token into one JSON file.
 */

/** The account answer (identity) includes the memberships. */
export type MyDataPart = 'account' | 'supportTickets' | 'contactMessages';

const PART_NAMES: Record<MyDataPart, string> = {
  account: 'your account and memberships',
  supportTickets: 'your support tickets',
  contactMessages: 'your contact messages',
};

export interface MyDataExport {
  /** What this file is, for someone who opens it later. */
  description: string;
  exportedAt: string;
  account: Omit<AccountExport, 'memberships'>;
  memberships: AccountExport['memberships'];
  /** As the content service answers (mySupportTicketsSchema); kept as it came if it ever differs. */
  supportTickets: MySupportTicket[] | unknown;
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
  const [account, supportTickets, contactMessages] = await Promise.all([
    getAccountExport(token, fetchImpl),
    getMySupportTickets(token, fetchImpl),
    getMyContactMessages(token, fetchImpl),
  ]);
  const results = { account, supportTickets, contactMessages };
  if (Object.values(results).some((result) => isRejectedToken(result))) return { kind: 'rejected' };
  const parts = Object.keys(results) as MyDataPart[];
  const missing = parts.filter((part) => results[part].kind !== 'ok' || (part === 'account' && account.kind === 'ok' && account.answer === null));
  if (missing.length > 0 || account.kind !== 'ok' || account.answer === null) {
    const names = missing.map((part) => PART_NAMES[part]);
    return { kind: 'failed', message: `Could not download your data: ${names.join(', ')} could not be read. Please try again later.` };
  }
  // The parsed answer when it has the contract's shape, else the body as it came: nothing is dropped.
  const body = (part: MyDataPart): unknown => {
    const result = results[part];
    return result.kind === 'ok' ? (result.answer ?? result.body) : null;
  };
  return {
    kind: 'ok',
    data: assembleMyData({ account: account.answer, supportTickets: body('supportTickets'), contactMessages: body('contactMessages') }, now()),
  };
}
