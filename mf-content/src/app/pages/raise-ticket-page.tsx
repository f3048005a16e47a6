import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { TicketForm } from '../../features/support-ticket/components/ticket-form.js';
import { ticketCatalog } from '../../features/support-ticket/messages.js';
import styles from './raise-ticket-page.module.css';

export function RaiseTicketPage() {
  const t = useT(ticketCatalog);
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <div className={styles.layout}>
        <TicketForm />
        <p className={styles.aside}>{richText(t('page.aside'), { 0: (text) => <Link to={paths.contact}>{text}</Link> })}</p>
      </div>
    </Page>
  );
}
