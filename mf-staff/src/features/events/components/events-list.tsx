import { paths, type StaffEventSummary } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { Link } from '@tca/ui/router';
import { listEvents } from '../api/list-events.js';
import { eventsCatalog } from '../messages.js';
import { EditCell, LabelledCell, StaffListPanel, StaffRows } from '../../../shared/staff-list-panel.js';
import { statusLabel, whenText } from '../event-form.js';
import styles from '../../../shared/staff.module.css';
import { useListTexts, useShownLang } from '../../../shared/lists/messages.js';

export const eventEditorPath = (key: string) => `/staff/events/${encodeURIComponent(key)}`;

/** /staff/events: every event with its status (drafts and cancelled ones too), and New event. */
export function EventsPanel() {
  const t = useT(eventsCatalog);
  return (
    <StaffListPanel title={t('list.title')} lead={t('list.lead')} texts={useListTexts(eventsCatalog)} newPath={paths.staffEventNew} load={listEvents} answerName="an event list">
      {(answer) => <EventRows events={answer.events} />}
    </StaffListPanel>
  );
}

/** The events as rows: a list at every width (one column on a phone), each with its name (Tamil when shown and written), when, where and status. */
export function EventRows({ events }: { events: readonly StaffEventSummary[] }) {
  const t = useT(eventsCatalog);
  const lang = useShownLang();
  return (
    <StaffRows items={events} texts={useListTexts(eventsCatalog)} titleId="events-title" keyOf={(event) => event.key}>
      {(event) => {
        const name = pickText(event.name, event.ta?.name, lang);
        return (
          <>
            <div>
              <p className={styles.name}>
                <Link to={eventEditorPath(event.key)} lang={name.lang}>
                  {name.text}
                </Link>
              </p>
              <span className={styles.since}>{whenText(event)}</span>
            </div>
            <LabelledCell label={t('list.where')}>
              {event.location ? <span lang={lang === 'en' ? undefined : 'en'}>{event.location}</span> : <span>{t('list.noPlace')}</span>}
            </LabelledCell>
            <LabelledCell label={t('list.status')}>
              <span className={event.status === 'Active' ? styles.ok : event.status === 'Cancelled' ? styles.warn : styles.badge}>{statusLabel(event.status)}</span>
            </LabelledCell>
            <EditCell to={eventEditorPath(event.key)} name={name.text} nameLang={name.lang} />
          </>
        );
      }}
    </StaffRows>
  );
}
