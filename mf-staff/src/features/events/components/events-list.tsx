import { paths, type StaffEventSummary } from '@tca/contracts';
import { Link } from '@tca/ui/router';
import { listEvents } from '../api/list-events.js';
import { EditCell, LabelledCell, StaffListPanel, StaffRows } from '../../../shared/staff-list-panel.js';
import { statusLabel, whenText } from '../event-form.js';
import styles from '../../../shared/staff.module.css';

export const eventEditorPath = (key: string) => `/staff/events/${encodeURIComponent(key)}`;

const nouns = { one: 'event', many: 'events' };

/** /staff/events: every event with its status (drafts and cancelled ones too), and New event. */
export function EventsPanel() {
  return (
    <StaffListPanel
      title="Events"
      lead="Add the association's events, change them, cancel them. Drafts are seen by staff only."
      nouns={nouns}
      newPath={paths.staffEventNew}
      load={listEvents}
      answerName="an event list"
    >
      {(answer) => <EventRows events={answer.events} />}
    </StaffListPanel>
  );
}

/** The events as rows: a list at every width (one column on a phone), each with its name, when, where and status. */
export function EventRows({ events }: { events: readonly StaffEventSummary[] }) {
  return (
    <StaffRows items={events} nouns={nouns} firstHint="Add the first with New event." keyOf={(event) => event.key}>
      {(event) => (
        <>
          <div>
            <p className={styles.name}>
              <Link to={eventEditorPath(event.key)}>{event.name}</Link>
            </p>
            <span className={styles.since}>{whenText(event)}</span>
          </div>
          <LabelledCell label="Where">
            <span>{event.location || 'Not given'}</span>
          </LabelledCell>
          <LabelledCell label="Status">
            <span className={event.status === 'Active' ? styles.ok : event.status === 'Cancelled' ? styles.warn : styles.badge}>{statusLabel(event.status)}</span>
          </LabelledCell>
          <EditCell to={eventEditorPath(event.key)} name={event.name} />
        </>
      )}
    </StaffRows>
  );
}
