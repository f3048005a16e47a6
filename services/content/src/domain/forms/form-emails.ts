import { ISSUE_TYPES, type EmailJob } from '@tca/contracts';
import { ADELAIDE_TIME_ZONE, formatDateTimeIn, renderEmail, type EmailBrand, type EmailContent, type SiteLang } from '@tca/service-kit';
import { emailTexts } from '../email-texts.js';
import type { StoredContactMessage } from '../../data-access/contact-message-repository.js';
import type { StoredSupportTicket } from '../../data-access/support-ticket-repository.js';

export { ADELAIDE_TIME_ZONE, ASSOCIATION_NAME, brandFor } from '@tca/service-kit';

export function issueTypeLabel(value: string): string {
  return ISSUE_TYPES.find((type) => type.value === value)?.label ?? value;
}

/** The issue type as a `lang` e-mail names it. */
function issueTypeIn(value: string, lang: SiteLang): string {
  const type = ISSUE_TYPES.find((known) => known.value === value);
  return type ? emailTexts(lang)(`type.${type.value}`) : value;
}

function job(key: string, to: string, content: EmailContent, brand: EmailBrand, replyTo?: string): EmailJob {
  const { subject, text, html } = renderEmail(content, brand);
  return { key, to, subject, text, html, ...(replyTo !== undefined ? { replyTo } : {}) };
}

// -------------------------------------------------------------------------------------------------
// Contact messages
// -------------------------------------------------------------------------------------------------

/** The message itself, to the association's inbox; replying answers the sender. */
export function contactInboxEmail(message: StoredContactMessage, inbox: string, brand: EmailBrand): EmailJob {
  const content: EmailContent = {
    subject: `Contact form: ${message.subject}`,
    preheader: `${message.name} wrote through the website.`,
    blocks: [
      { type: 'paragraph', text: `${message.name} sent a message through the website's contact form. Reply to this e-mail to answer them.` },
      {
        type: 'details',
        rows: [
          ['Name', message.name],
          ['Email', message.senderEmail],
          ['Phone', message.phoneNumber],
          ['Subject', message.subject],
          ['Received', formatDateTimeIn(message.createdAt, ADELAIDE_TIME_ZONE)],
        ],
      },
      { type: 'heading', text: 'Message' },
      { type: 'quote', text: message.message },
    ],
  };
  return job(`contact-${message.uid}-inbox`, inbox, content, brand, message.senderEmail);
}

/** How soon the acknowledgement says the association replies. */
export const CONTACT_REPLY_WORKING_DAYS = 5;

/**
 * The acknowledgement to the sender: a fixed text, the same whatever was typed. Anyone can type any
 * address into the form, so it carries nothing the visitor chose (no name, subject, message, or even the
 * address itself in the body): otherwise the association's address would relay a stranger's text, links
 * included, to whomever they name.
 */
export function contactAcknowledgementEmail(message: StoredContactMessage, inbox: string, brand: EmailBrand): EmailJob {
  // In the language of the page it was sent from (issue 17).
  const lang = message.language;
  const t = emailTexts(lang);
  const site = t('association');
  const content: EmailContent = {
    lang,
    subject: t('ack.subject', { site }),
    preheader: t('ack.preheader'),
    blocks: [
      { type: 'paragraph', text: t('ack.hello') },
      {
        type: 'paragraph',
        text: t('ack.received', { site, receivedAt: formatDateTimeIn(message.createdAt, ADELAIDE_TIME_ZONE, lang), days: String(CONTACT_REPLY_WORKING_DAYS) }),
      },
      { type: 'paragraph', text: t('ack.notYou') },
    ],
  };
  return job(`contact-${message.uid}-ack`, message.senderEmail, content, brand, inbox);
}

// -------------------------------------------------------------------------------------------------
// Support tickets
// -------------------------------------------------------------------------------------------------

/** The confirmation to the submitter, with the ticket's reference; replying reaches the support inbox. */
export function ticketConfirmationEmail(ticket: StoredSupportTicket, supportInbox: string, brand: EmailBrand): EmailJob {
  // In the language of the page it was raised from (issue 17).
  const lang = ticket.language;
  const t = emailTexts(lang);
  const { reference } = ticket;
  const content: EmailContent = {
    lang,
    subject: t('ticket.subject', { reference, site: t('association') }),
    preheader: t('ticket.preheader', { reference }),
    blocks: [
      { type: 'paragraph', text: t('ticket.greeting', { name: ticket.name }) },
      { type: 'paragraph', text: t('ticket.thanks', { email: ticket.email }) },
      {
        type: 'details',
        rows: [
          [t('ticket.reference'), reference],
          [t('ticket.issueType'), issueTypeIn(ticket.issueType, lang)],
          [t('ticket.submitted'), formatDateTimeIn(ticket.createdAt, ADELAIDE_TIME_ZONE, lang)],
        ],
      },
      { type: 'paragraph', text: t('ticket.quote', { reference }) },
      { type: 'paragraph', text: t('ticket.notYou') },
    ],
  };
  return job(`ticket-${ticket.uid}-confirmation`, ticket.email, content, brand, supportInbox);
}

/** The alert to the support inbox, with everything the submitter wrote; replying answers the submitter. */
export function ticketAlertEmail(ticket: StoredSupportTicket, supportInbox: string, brand: EmailBrand): EmailJob {
  const issue = issueTypeLabel(ticket.issueType);
  const content: EmailContent = {
    subject: `New support ticket ${ticket.reference}: ${issue}`,
    preheader: `${ticket.name} raised a ${issue.toLowerCase()} ticket.`,
    blocks: [
      { type: 'paragraph', text: `A support ticket was raised on the website. Reply to this e-mail to answer ${ticket.name}.` },
      {
        type: 'details',
        rows: [
          ['Reference', ticket.reference],
          ['Issue type', issue],
          ['Name', ticket.name],
          ['Email', ticket.email],
          ['Phone', `${ticket.countryCode} ${ticket.phone}`],
          ['Submitted', formatDateTimeIn(ticket.createdAt, ADELAIDE_TIME_ZONE)],
        ],
      },
      { type: 'heading', text: 'Description' },
      { type: 'quote', text: ticket.issueDescription },
    ],
  };
  return job(`ticket-${ticket.uid}-alert`, supportInbox, content, brand, ticket.email);
}

// -------------------------------------------------------------------------------------------------
// The support desk's conversation (issue 15)
// -------------------------------------------------------------------------------------------------

/** A reply in a ticket's conversation, as its e-mails need it. */
export interface TicketReply {
  uid: string;
  body: string;
  createdAt: Date;
}

/**
 * The desk's reply to the submitter, with the ticket's reference in the subject; replying to the e-mail reaches
 * the support inbox. `withAccount`: the ticket was raised while logged in (then "My tickets" on the profile
 * holds the conversation too).
 */
export function ticketReplyEmail(ticket: StoredSupportTicket, reply: TicketReply, withAccount: boolean, supportInbox: string, brand: EmailBrand): EmailJob {
  // The frame in the language the ticket was raised in (issue 17); the reply as the desk wrote it.
  const lang = ticket.language;
  const t = emailTexts(lang);
  const { reference } = ticket;
  let how = t('reply.noAccount', { reference });
  if (withAccount) how = brand.url ? t('reply.withAccountAt', { reference, url: brand.url }) : t('reply.withAccount', { reference });
  const content: EmailContent = {
    lang,
    subject: t('reply.subject', { reference, site: t('association') }),
    preheader: t('reply.preheader', { reference }),
    blocks: [
      { type: 'paragraph', text: t('ticket.greeting', { name: ticket.name }) },
      { type: 'paragraph', text: t('reply.answered', { reference, issueType: issueTypeIn(ticket.issueType, lang) }) },
      { type: 'quote', text: reply.body },
      { type: 'paragraph', text: how },
    ],
  };
  return job(`ticket-${ticket.uid}-reply-${reply.uid}`, ticket.email, content, brand, supportInbox);
}

/** The alert to the support inbox when a member answers from their profile (as the new-ticket alert). */
export function ticketMemberReplyAlertEmail(ticket: StoredSupportTicket, reply: TicketReply, supportInbox: string, brand: EmailBrand): EmailJob {
  const content: EmailContent = {
    subject: `Member replied on ticket ${ticket.reference}`,
    preheader: `${ticket.name} answered on ticket ${ticket.reference}.`,
    blocks: [
      { type: 'paragraph', text: `${ticket.name} answered on ticket ${ticket.reference} from their profile. The ticket is Open again on the support desk.` },
      {
        type: 'details',
        rows: [
          ['Reference', ticket.reference],
          ['Issue type', issueTypeLabel(ticket.issueType)],
          ['Name', ticket.name],
          ['Email', ticket.email],
          ['Received', formatDateTimeIn(reply.createdAt, ADELAIDE_TIME_ZONE)],
        ],
      },
      { type: 'heading', text: 'Reply' },
      { type: 'quote', text: reply.body },
    ],
  };
  return job(`ticket-${ticket.uid}-member-reply-${reply.uid}`, supportInbox, content, brand, ticket.email);
}
