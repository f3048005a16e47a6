import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { TicketForm } from '../../features/support-ticket/components/ticket-form.js';
import styles from './raise-ticket-page.module.css';

export function RaiseTicketPage() {
  return (
    <Page title="Raise a Ticket" lead="Tell us about a problem and our support team will follow up.">
      <div className={styles.layout}>
        <TicketForm />
        <p className={styles.aside}>
          For a general question or to say hello, use the <Link to={paths.contact}>contact form</Link> instead. Every ticket
          gets a reference number, and a copy is sent to the e-mail address you give.
        </p>
      </div>
    </Page>
  );
}
