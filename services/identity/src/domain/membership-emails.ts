import type { EmailJob, MembershipTerm } from '@tca/contracts';
import type { EmailBlock, EmailBrand, EmailContent } from '@tca/service-kit';
import { ASSOCIATION_NAME, emailJob, type MailRecipient } from './account-emails.js';

export interface MailedMembership {
  requestId: string;
  membershipName: string;
  term: MembershipTerm;
  /** 'YYYY-MM-DD'; annual levels only. */
  startsOn: string | null;
  /** 'YYYY-MM-DD', the day it has ended (exclusive); annual levels only. */
  endsOn: string | null;
}

/** '2027-05-17' → 'Monday 17 May 2027' (a calendar date: no time zone shifts it). */
export function formatCalendarDate(date: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}

/** The last day an annual membership is valid: the day before `endsOn`. */
export function lastValidDay(endsOn: string): string {
  const day = new Date(`${endsOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

function periodRows(m: MailedMembership): Array<readonly [string, string]> {
  if (m.term === 'life-time') return [['Valid', 'Life-time']];
  const rows: Array<readonly [string, string]> = [];
  if (m.startsOn) rows.push(['Starts', formatCalendarDate(m.startsOn)]);
  if (m.endsOn) rows.push(['Valid until', formatCalendarDate(lastValidDay(m.endsOn))]);
  return rows;
}

function detailsBlock(m: MailedMembership, extra: Array<readonly [string, string]> = []): EmailBlock {
  return { type: 'details', rows: [['Membership', m.membershipName], ['Request ID', m.requestId], ...periodRows(m), ...extra] };
}

/** An operator approved a Pending membership: it is Active now. */
export function membershipApprovedEmail(member: MailRecipient, m: MailedMembership, profileLink: string, brand: EmailBrand): EmailJob {
  const content: EmailContent = {
    subject: `Your ${m.membershipName} membership is approved - ${ASSOCIATION_NAME}`,
    preheader: `Welcome: your membership ${m.requestId} is now active.`,
    blocks: [
      { type: 'paragraph', text: `Dear ${member.firstName},` },
      { type: 'paragraph', text: `Thank you for joining the ${ASSOCIATION_NAME}. Your membership request has been approved and your membership is now active.` },
      detailsBlock(m, [['Status', 'Active']]),
      { type: 'paragraph', text: 'Your profile shows your membership at any time.' },
      { type: 'link', text: 'Open my profile', href: profileLink },
    ],
  };
  return emailJob('membership-approved', member.email, content, brand);
}

/** An operator rejected a Pending membership, with the reason when one was given. */
export function membershipRejectedEmail(member: MailRecipient, m: MailedMembership, reason: string | undefined, contactLink: string, brand: EmailBrand): EmailJob {
  const content: EmailContent = {
    subject: `About your ${m.membershipName} membership request - ${ASSOCIATION_NAME}`,
    preheader: `We could not approve your membership request ${m.requestId}.`,
    blocks: [
      { type: 'paragraph', text: `Dear ${member.firstName},` },
      { type: 'paragraph', text: `Thank you for your interest in the ${ASSOCIATION_NAME}. We are sorry, but we could not approve your membership request.` },
      { type: 'details', rows: [['Membership', m.membershipName], ['Request ID', m.requestId], ['Status', 'Rejected']] },
      ...(reason ? [{ type: 'paragraph', text: 'The reason we were given:' } as const, { type: 'quote', text: reason } as const] : []),
      { type: 'paragraph', text: 'If you have questions about this decision or about your payment, please contact us and mention your request ID.' },
      { type: 'link', text: 'Contact us', href: contactLink },
    ],
  };
  return emailJob('membership-rejected', member.email, content, brand);
}

/** An annual membership ends in about `daysBefore` days: renew on the membership page. */
export function renewalReminderEmail(member: MailRecipient, m: MailedMembership & { endsOn: string }, daysBefore: number, membershipLink: string, brand: EmailBrand): EmailJob {
  const lastDay = formatCalendarDate(lastValidDay(m.endsOn));
  const content: EmailContent = {
    subject: `Your ${m.membershipName} membership ends ${daysBefore <= 7 ? 'in a week' : 'next month'} - ${ASSOCIATION_NAME}`,
    preheader: `Renew before ${lastDay} to stay a member.`,
    blocks: [
      { type: 'paragraph', text: `Dear ${member.firstName},` },
      {
        type: 'paragraph',
        text: `Your ${m.membershipName} membership of the ${ASSOCIATION_NAME} is valid until ${lastDay}. Renew it now and the new year starts the day after, so you lose no days.`,
      },
      detailsBlock(m),
      { type: 'link', text: 'Renew my membership', href: membershipLink },
      { type: 'paragraph', text: 'If you have renewed already, thank you: there is nothing more to do.' },
    ],
  };
  return emailJob(`membership-renewal-${daysBefore}`, member.email, content, brand);
}
