import { useCallback } from 'react';
import { paths, type StaffEventSummary } from '@tca/contracts';
import { Page, Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { listEvents } from '../api/list-events.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import { useStaffLoad } from '../../../shared/use-staff-load.js';
import { statusLabel, whenText } from '../event-form.js';
import styles from '../../../shared/staff.module.css';

export const eventEditorPath = (key: string) => `/staff/events/${encodeURIComponent(key)}`;

/** /staff/events: every event with its status (drafts and cancelled ones too), and New event. */
export function EventsPanel() {
  const call = useCallback((token: string, signal: AbortSignal) => listEvents(token, signal), []);
  const { load, reload } = useStaffLoad(call, 'an event list');
  return (
    <Page title="Events" lead="Add the association's events, change them, cancel them. Drafts are seen by staff only.">
      <p className={styles.actions}>
        <Link to={paths.staffEventNew} className="tca-button">
          New event
        </Link>
        <Link to={paths.staffHome} className={styles.secondary}>
          Back to the staff area
        </Link>
      </p>
      {load.kind === 'loading' ? <Spinner label="Loading the events..." /> : null}
      {load.kind === 'failed' ? <LoadFailure title="The events could not be loaded." detail={load.detail} onRetry={reload} /> : null}
      {load.kind === 'ready' ? <EventRows events={load.answer.events} /> : null}
    </Page>
  );
}

/** The events as rows: a list at every width (one column on a phone), each with its name, when, where and status. */
export function EventRows({ events }: { events: readonly StaffEventSummary[] }) {
  if (events.length === 0) return <p className={styles.section}>There are no events yet. Add the first with New event.</p>;
  return (
    <section className={styles.section} aria-labelledby="events-title">
      <h2 id="events-title" className={styles.sectionTitle}>
        {events.length === 1 ? '1 event' : `${events.length} events`}
      </h2>
      <ul className={styles.rows}>
        {events.map((event) => (
          <li key={event.key} className={styles.row}>
            <div>
              <p className={styles.name}>
                <Link to={eventEditorPath(event.key)}>{event.name}</Link>
              </p>
              <span className={styles.since}>{whenText(event)}</span>
            </div>
            <div>
              <span className={styles.label}>Where</span>
              <span>{event.location || 'Not given'}</span>
            </div>
            <div>
              <span className={styles.label}>Status</span>
              <span className={event.status === 'Active' ? styles.ok : event.status === 'Cancelled' ? styles.warn : styles.badge}>{statusLabel(event.status)}</span>
            </div>
            <div className={styles.rowActions}>
              <Link to={eventEditorPath(event.key)} className={styles.secondary} aria-label={`Edit ${event.name}`}>
                Edit
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
