import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { useLang, useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { ContactForm } from '../../features/contact/components/contact-form.js';
import { contactCatalog } from '../../features/contact/messages.js';
import { ASSOCIATION } from '../../shared/association.js';
import styles from './contact-page.module.css';

export function ContactPage() {
  const t = useT(contactCatalog);
  const lang = useLang();
  return (
    <Page title={t('page.title')} lead={t('page.lead')}>
      <div className={styles.layout}>
        <ContactForm />
        <aside className={styles.details} aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className={styles.heading}>
            {t('details.title')}
          </h2>
          <dl className={styles.list}>
            <div>
              <dt>{t('details.where')}</dt>
              <dd>
                <address>
                  {/* The registered name stays as registered: English inside a Tamil page. */}
                  {lang === 'en' ? ASSOCIATION.legalName : <span lang="en">{ASSOCIATION.legalName}</span>}
                  <br />
                  {t('place.city')}, {t('place.state')}
                  <br />
                  {t('place.country')}
                </address>
              </dd>
            </div>
            <div>
              <dt>{t('details.email')}</dt>
              <dd>
                <a href={`mailto:${ASSOCIATION.email}`}>{ASSOCIATION.email}</a>
              </dd>
            </div>
            <div>
              <dt>{t('details.problems')}</dt>
              <dd>{richText(t('details.ticket'), { 0: (text) => <Link to={paths.raiseTicket}>{text}</Link> })}</dd>
            </div>
          </dl>
          <p className={styles.note}>{richText(t('details.note'), { 0: (text) => <Link to={paths.privacy}>{text}</Link> })}</p>
        </aside>
      </div>
    </Page>
  );
}
