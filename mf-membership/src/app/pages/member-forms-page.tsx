import { Link, useLocation } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { Banner } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { tabStorage } from '@tca/ui/session';
import { MemberForm } from '../../features/member-details/components/member-form.js';
import { OrderSummary } from '../../features/member-details/components/order-summary.js';
import { detailsCatalog } from '../../features/member-details/messages.js';
import { chosenLevel, LEVEL_QUERY } from '../../shared/chosen-level.js';
import { useLoginSession } from '../../shared/hooks/use-login-session.js';
import { levelName, sharedCatalog, shownText, TEXT } from '../../shared/messages.js';
import styles from './member-forms-page.module.css';

/**
 * /forms (spec §2.3, §4, §5): the primary member's details for the level chosen on /membership
 * (navigation state, `?level=` or the tab's memory), the order summary, terms and PAY NOW.
 */
export function MemberFormsPage() {
  const t = useT(detailsCatalog);
  useT(sharedCatalog);
  const location = useLocation();
  const session = useLoginSession();
  const level = chosenLevel(location.state, location.search, tabStorage());

  // Spec §5: member details need a login, so a visitor is asked to log in first, with or without a level.
  if (!session) {
    return (
      <Page title={t('page.title')} lead={level ? t('page.leadFor', { name: levelName(level.name) }) : undefined}>
        <Banner tone="info" title={shownText(TEXT.loginBeforeProceeding)}>
          <p>
            {richText(level ? t('login.kept', { name: levelName(level.name) }) : t('login.choose'), {
              0: (text) => <Link to={paths.login}>{text}</Link>,
              1: (text) => <Link to={paths.register}>{text}</Link>,
              2: (text) => <Link to={level ? `${paths.forms}?${LEVEL_QUERY}=${encodeURIComponent(level.name)}` : paths.membership}>{text}</Link>,
            })}
          </p>
        </Banner>
        {level ? (
          <div className={styles.summaryOnly}>
            <OrderSummary level={level} />
          </div>
        ) : null}
      </Page>
    );
  }

  if (!level) {
    return (
      <Page title={t('page.title')}>
        <Banner tone="info" title={t('choose.title')}>
          <p>{richText(t('choose.text'), { 0: (text) => <Link to={paths.membership}>{text}</Link> })}</p>
        </Banner>
      </Page>
    );
  }

  return (
    <Page title={t('page.title')} lead={t('page.lead', { name: levelName(level.name) })}>
      <div className={styles.layout}>
        {/* Keyed by account and level: another login or level starts a fresh form. */}
        <MemberForm key={`${session.user.id}:${level.name}`} level={level} session={session} />
        <OrderSummary level={level} />
      </div>
    </Page>
  );
}
