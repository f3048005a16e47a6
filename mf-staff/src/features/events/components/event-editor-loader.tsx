import { useCallback } from 'react';
import { paths } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { getEvent } from '../api/get-event.js';
import { eventsCatalog } from '../messages.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { EventEditor } from './event-editor.js';
import styles from '../../../shared/staff.module.css';

/** /staff/events/:key: loads the event, then its editor (a 404 says the event is not there). */
export function EventEditorLoader({ eventKey }: { eventKey: string }) {
  const t = useT(eventsCatalog);
  const call = useCallback((token: string, signal: AbortSignal) => getEvent(token, eventKey, signal), [eventKey]);
  const { load, reload } = useStaffLoad(call, 'an event');
  if (load.kind === 'ready') return <EventEditor event={load.answer.event} reload={reload} />;
  return (
    <Page title={t('load.title')}>
      {load.kind === 'loading' ? <Spinner label={t('load.loading')} /> : null}
      {load.kind === 'failed' ? (
        <LoadFailure title={load.status === 404 ? t('load.missing') : t('load.failed')} detail={load.detail} onRetry={load.status === 404 ? undefined : reload} />
      ) : null}
      <p className={styles.actions}>
        <Link to={paths.staffEvents} className={styles.secondary}>
          {t('back')}
        </Link>
      </p>
    </Page>
  );
}
