import type { EmailJob, MembershipTerm } from '@tca/contracts';
import type { EmailBlock, EmailBrand, EmailContent, SiteLang } from '@tca/service-kit';
import { emailJob, type MailRecipient } from './account-emails.js';
import { associationIn, emailTexts, type EmailText } from './email-texts.js';

export interface MailedMembership {
  requestId: string;
  membershipName: string;
  term: MembershipTerm;
  /** 'YYYY-MM-DD'; annual levels only. */
  startsOn: string | null;
  /** 'YYYY-MM-DD', the day it has ended (exclusive); annual levels only. */
  endsOn: string | null;
}

/** '2027-05-17' → 'Monday 17 May 2027' (a calendar date: no time zone shifts it); Tamil day and month names in Tamil. */
export function formatCalendarDate(date: string, lang: SiteLang = 'en'): string {
  return new Intl.DateTimeFormat(lang === 'ta' ? 'ta-IN' : 'en-AU', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The last day an annual membership is valid: the day before `endsOn`. */
export function lastValidDay(endsOn: string): string {
  const day = new Date(`${endsOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

function periodRows(m: MailedMembership, t: EmailText, lang: SiteLang): Array<readonly [string, string]> {
  if (m.term === 'life-time') return [[t('membership.detail.valid'), t('membership.detail.lifeTime')]];
  const rows: Array<readonly [string, string]> = [];
  if (m.startsOn) rows.push([t('membership.detail.starts'), formatCalendarDate(m.startsOn, lang)]);
  if (m.endsOn) rows.push([t('membership.detail.validUntil'), formatCalendarDate(lastValidDay(m.endsOn), lang)]);
  return rows;
}

function detailsBlock(m: MailedMembership, t: EmailText, lang: SiteLang, extra: Array<readonly [string, string]> = []): EmailBlock {
  return { type: 'details', rows: [[t('membership.detail.membership'), m.membershipName], [t('membership.detail.requestId'), m.requestId], ...periodRows(m, t, lang), ...extra] };
}

/** The language, its texts and the association's name for a member's e-mail. */
function textsFor(member: MailRecipient) {
  const lang = member.language ?? 'en';
  return { lang, t: emailTexts(lang), site: associationIn(lang) };
}

/** An operator approved a Pending membership: it is Active now. */
export function membershipApprovedEmail(member: MailRecipient, m: MailedMembership, profileLink: string, brand: EmailBrand): EmailJob {
  const { lang, t, site } = textsFor(member);
  const content: EmailContent = {
    lang,
    subject: t('approved.subject', { level: m.membershipName, site }),
    preheader: t('approved.preheader', { requestId: m.requestId }),
    blocks: [
      { type: 'paragraph', text: t('greeting', { firstName: member.firstName }) },
      { type: 'paragraph', text: t('approved.body', { site }) },
      detailsBlock(m, t, lang, [[t('membership.detail.status'), t('membership.status.active')]]),
      { type: 'paragraph', text: t('approved.profile') },
      { type: 'link', text: t('approved.link'), href: profileLink },
    ],
  };
  return emailJob('membership-approved', member.email, content, brand);
}

/** An operator rejected a Pending membership, with the reason when one was given (as the operator wrote it). */
export function membershipRejectedEmail(member: MailRecipient, m: MailedMembership, reason: string | undefined, contactLink: string, brand: EmailBrand): EmailJob {
  const { lang, t, site } = textsFor(member);
  const content: EmailContent = {
    lang,
    subject: t('rejected.subject', { level: m.membershipName, site }),
    preheader: t('rejected.preheader', { requestId: m.requestId }),
    blocks: [
      { type: 'paragraph', text: t('greeting', { firstName: member.firstName }) },
      { type: 'paragraph', text: t('rejected.body', { site }) },
      {
        type: 'details',
        rows: [
          [t('membership.detail.membership'), m.membershipName],
          [t('membership.detail.requestId'), m.requestId],
          [t('membership.detail.status'), t('membership.status.rejected')],
        ],
      },
      ...(reason ? [{ type: 'paragraph', text: t('rejected.reason') } as const, { type: 'quote', text: reason } as const] : []),
      { type: 'paragraph', text: t('rejected.questions') },
      { type: 'link', text: t('rejected.link'), href: contactLink },
    ],
  };
  return emailJob('membership-rejected', member.email, content, brand);
}

/** An annual membership ends in about `daysBefore` days: renew on the membership page. */
export function renewalReminderEmail(member: MailRecipient, m: MailedMembership & { endsOn: string }, daysBefore: number, membershipLink: string, brand: EmailBrand): EmailJob {
  const { lang, t, site } = textsFor(member);
  const lastDay = formatCalendarDate(lastValidDay(m.endsOn), lang);
  const content: EmailContent = {
    lang,
    subject: t(daysBefore <= 7 ? 'renewal.subject.week' : 'renewal.subject.month', { level: m.membershipName, site }),
    preheader: t('renewal.preheader', { lastDay }),
    blocks: [
      { type: 'paragraph', text: t('greeting', { firstName: member.firstName }) },
      { type: 'paragraph', text: t('renewal.body', { level: m.membershipName, site, lastDay }) },
      detailsBlock(m, t, lang),
      { type: 'link', text: t('renewal.link'), href: membershipLink },
      { type: 'paragraph', text: t('renewal.done') },
    ],
  };
  return emailJob(`membership-renewal-${daysBefore}`, member.email, content, brand);
}
