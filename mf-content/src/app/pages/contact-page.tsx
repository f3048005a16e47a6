import { Link } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { ContactForm } from '../../features/contact/components/contact-form.js';
import { ASSOCIATION } from '../../shared/association.js';
import styles from './contact-page.module.css';

export function ContactPage() {
  return (
    <Page title="Get in Touch" lead="Send us a message and we will get back to you.">
      <div className={styles.layout}>
        <ContactForm />
        <aside className={styles.details} aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className={styles.heading}>
            Contact details
          </h2>
          <dl className={styles.list}>
            <div>
              <dt>Where we are</dt>
              <dd>
                <address>
                  {ASSOCIATION.legalName}
                  <br />
                  {ASSOCIATION.city}, {ASSOCIATION.state}
                  <br />
                  {ASSOCIATION.country}
                </address>
              </dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${ASSOCIATION.email}`}>{ASSOCIATION.email}</a>
              </dd>
            </div>
            <div>
              <dt>Website or payment problems</dt>
              <dd>
                <Link to={paths.raiseTicket}>Raise a support ticket</Link> and you will get a reference number to follow up with.
              </dd>
            </div>
          </dl>
          <p className={styles.note}>
            We are a volunteer-run association, so please allow a few days for a reply. We use your details only to answer your
            message (see our <Link to={paths.privacy}>Privacy Policy</Link>).
          </p>
        </aside>
      </div>
    </Page>
  );
}
