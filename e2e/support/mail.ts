import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.js';

/** The part of a MailDev e-mail the tests read (MailDev 3's REST API, GET <inbox>/api/email). */
export interface SentMail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: Array<{ address: string; name?: string }>;
  from: Array<{ address: string; name?: string }>;
  headers: Record<string, string | string[]>;
}

/**
 * MailDev's REST API. The global setup exports the stack's inbox URL (`http://127.0.0.1:<port>/index.html`)
 * as E2E_MAIL_URL; the API lives under `/api` beside it.
 */
export function mailApiUrl(): string {
  const inbox = process.env.E2E_MAIL_URL;
  if (!inbox) throw new Error('E2E_MAIL_URL is not set: the global setup must export the stack\'s mailUrl (MailDev inbox)');
  const origin = inbox.replace(/\/index\.html$/, '').replace(/\/+$/, '');
  return `${origin}/api`;
}

export async function listMail(request: APIRequestContext): Promise<SentMail[]> {
  const response = await request.get(`${mailApiUrl()}/email`);
  expect(response.ok(), `MailDev answered ${response.status()}`).toBe(true);
  return (await response.json()) as SentMail[];
}

export const recipients = (mail: SentMail) => mail.to.map((to) => to.address.toLowerCase());
/** Subject and bodies, for "does this mail mention X". */
export const mailText = (mail: SentMail) => `${mail.subject}\n${mail.text ?? ''}\n${mail.html ?? ''}`;

/**
 * Waits until a mail matching `predicate` has arrived (the queue and the worker deliver it
 * asynchronously) and returns it; fails with `what` after the deadline.
 */
export async function waitForMail(
  request: APIRequestContext,
  what: string,
  predicate: (mail: SentMail) => boolean,
  timeoutMs = 30_000,
): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listMail(request)).find(predicate);
        return found !== undefined;
      },
      { message: `an e-mail: ${what}`, timeout: timeoutMs, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail: ${what}`);
  return found;
}

/** The raw message (RFC 5322), for headers MailDev does not keep as text, such as Reply-To. */
export async function mailSource(request: APIRequestContext, mail: SentMail): Promise<string> {
  const response = await request.get(`${mailApiUrl()}/email/${encodeURIComponent(mail.id)}/source`);
  expect(response.ok(), `MailDev answered ${response.status()} for the source of ${mail.id}`).toBe(true);
  return response.text();
}

/** One header of a raw message (folded lines joined), or '' when it is absent. */
export function rawHeader(source: string, name: string): string {
  const head = source.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}
