import { ISSUE_TYPES, type EmailJob } from '@tca/contracts';
import { ADELAIDE_TIME_ZONE, ASSOCIATION_NAME, formatDateTimeIn, renderEmail, type EmailBrand, type EmailContent } from '@tca/service-kit';
import type { StoredContactMessage } from '../../data-access/contact-message-repository.js';
import type { StoredSupportTicket } from '../../data-access/support-ticket-repository.js';

export { ADELAIDE_TIME_ZONE, ASSOCIATION_NAME, brandFor } from '@tca/service-kit';

export function issueTypeLabel(value: string): string {
  return ISSUE_TYPES.find((type) => type.value === value)?.label ?? value;
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
  const content: EmailContent = {
    subject: `We received your message - ${ASSOCIATION_NAME}`,
    preheader: 'Thank you for getting in touch. We will reply soon.',
    blocks: [
      { type: 'paragraph', text: 'Hello,' },
      {
        type: 'paragraph',
        text: `Thank you for contacting the ${ASSOCIATION_NAME}. We received your message on ${formatDateTimeIn(message.createdAt, ADELAIDE_TIME_ZONE)} and aim to reply within ${CONTACT_REPLY_WORKING_DAYS} working days.`,
      },
      { type: 'paragraph', text: 'If you did not send this message, you can ignore this e-mail.' },
    ],
  };
  return job(`contact-${message.uid}-ack`, message.senderEmail, content, brand, inbox);
}

// -------------------------------------------------------------------------------------------------
// Support tickets
// -------------------------------------------------------------------------------------------------

/** The confirmation to the submitter, with the ticket's reference; replying reaches the support inbox. */
export function ticketConfirmationEmail(ticket: StoredSupportTicket, supportInbox: string, brand: EmailBrand): EmailJob {
  const content: EmailContent = {
    subject: `Your support ticket ${ticket.reference} - ${ASSOCIATION_NAME}`,
    preheader: `We received your ticket. Its reference is ${ticket.reference}.`,
    blocks: [
      { type: 'paragraph', text: `Dear ${ticket.name},` },
      { type: 'paragraph', text: `Thank you for raising a support ticket. Our team will look into it and get back to you at ${ticket.email}.` },
      {
        type: 'details',
        rows: [
          ['Reference', ticket.reference],
          ['Issue type', issueTypeLabel(ticket.issueType)],
          ['Submitted', formatDateTimeIn(ticket.createdAt, ADELAIDE_TIME_ZONE)],
        ],
      },
      { type: 'paragraph', text: `Please quote ${ticket.reference} in any message about this ticket. You can reply to this e-mail to add details.` },
      { type: 'paragraph', text: 'If you did not raise this ticket, you can ignore this e-mail.' },
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
  const content: EmailContent = {
    subject: `Re: your support ticket ${ticket.reference} - ${ASSOCIATION_NAME}`,
    preheader: `The support team answered your ticket ${ticket.reference}.`,
    blocks: [
      { type: 'paragraph', text: `Dear ${ticket.name},` },
      { type: 'paragraph', text: `The support team answered your ticket ${ticket.reference} (${issueTypeLabel(ticket.issueType)}):` },
      { type: 'quote', text: reply.body },
      {
        type: 'paragraph',
        text: withAccount
          ? `You can answer from "My tickets" on your profile${brand.url ? ` at ${brand.url}` : ''}, or reply to this e-mail quoting ${ticket.reference}.`
          : `You can reply to this e-mail; please keep ${ticket.reference} in the subject.`,
      },
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
