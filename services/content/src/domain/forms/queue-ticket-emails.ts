import { QUEUES, type SupportTicketJob } from '@tca/contracts';
import { addToOutbox, withTransaction, type EmailBrand, type Pool } from '@tca/service-kit';
import { lockTicket, markTicketNotified } from '../../data-access/support-ticket-repository.js';
import { ticketAlertEmail, ticketConfirmationEmail } from './form-emails.js';

export interface TicketMailSettings {
  supportInbox: string;
  brand: EmailBrand;
}

export interface QueuedTicketEmails {
  reference: string;
  /** Keys of the e-mails this run queued; empty when an earlier run already had (the job ran twice). */
  queued: string[];
}

/** The job names a ticket that is not stored (retrying cannot help). */
export class UnknownTicketError extends Error {
  override name = 'UnknownTicketError';
}

/**
 * A submitted ticket's e-mails: in one transaction, with the ticket's row locked, records the confirmation
 * to the submitter and the alert to the support inbox in the outbox (keys `ticket-<uid>-confirmation` and
 * `-alert`, unique there), and marks the ticket notified. A second run for the same ticket, even a
 * concurrent one, finds both keys recorded and queues nothing: each e-mail is sent once.
 */
export async function queueTicketEmails(pool: Pool, job: SupportTicketJob, mail: TicketMailSettings): Promise<QueuedTicketEmails> {
  return withTransaction(pool, async (client) => {
    const ticket = await lockTicket(client, job.ticketUid);
    if (!ticket) throw new UnknownTicketError(`support ticket ${job.reference} (${job.ticketUid}) does not exist`);
    const queued: string[] = [];
    for (const [name, email] of [
      ['ticket-confirmation', ticketConfirmationEmail(ticket, mail.supportInbox, mail.brand)],
      ['ticket-alert', ticketAlertEmail(ticket, mail.supportInbox, mail.brand)],
    ] as const) {
      if (await addToOutbox(client, { queue: QUEUES.email, name, jobId: email.key, payload: email })) queued.push(email.key);
    }
    await markTicketNotified(client, ticket.id);
    return { reference: ticket.reference, queued };
  });
}
