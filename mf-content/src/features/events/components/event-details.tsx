import { Link } from '@tca/ui/router';
import { eventCalendarPath, paths, type SiteEvent } from '@tca/contracts';
import { Modal } from '@tca/ui/modal';
import { daysUntil, eventWhen, isCancelled, ticketLink } from '../event-dates.js';
import { ImageSlideshow } from './image-slideshow.js';
import styles from '../events.module.css';

interface EventDetailsProps {
  event: SiteEvent;
  opener: HTMLElement;
  today: string;
  slideshowsPlaying: boolean;
  onToggleSlideshows: () => void;
  onClose: () => void;
}

/**
 * The detail modal (spec §2.3): Purchase Tickets opens the event's link when it has one, otherwise
 * Register goes to /membership. A cancelled event says so first and offers neither (nor a calendar entry).
 */
export function EventDetails({ event, opener, today, slideshowsPlaying, onToggleSlideshows, onClose }: EventDetailsProps) {
  const soon = daysUntil(event.date, today);
  if (isCancelled(event)) {
    return (
      <Modal title={`${event.name} (cancelled)`} onClose={onClose} returnFocusTo={opener}>
        <p className={styles.cancelledNotice}>This event has been cancelled.</p>
        <EventFacts event={event} soon={null} />
        <p className={styles.description}>{event.description}</p>
      </Modal>
    );
  }
  return (
    <Modal title={event.name} onClose={onClose} returnFocusTo={opener}>
      <ImageSlideshow
        images={event.images}
        meta={event.imageMeta}
        name={event.name}
        sizes="(max-width: 760px) 100vw, 700px"
        playing={slideshowsPlaying}
        eager
        controls
        onTogglePlaying={onToggleSlideshows}
      />
      <EventFacts event={event} soon={soon} />
      <p className={styles.description}>{event.description}</p>
      <EventActions event={event} />
    </Modal>
  );
}

/** Purchase Tickets (the event's link) or Register (/membership), and Add to calendar. */
export function EventActions({ event }: { event: SiteEvent }) {
  const tickets = ticketLink(event);
  return (
    <div className={styles.actions}>
      {tickets ? (
        <a className="tca-button" href={tickets} target="_blank" rel="noopener noreferrer">
          Purchase Tickets<span className="tca-visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <Link className="tca-button" to={paths.membership}>
          Register
        </Link>
      )}
      <a className={styles.calendarLink} href={eventCalendarPath(event._id)}>
        Add to calendar
      </a>
    </div>
  );
}

export function EventFacts({ event, soon }: { event: SiteEvent; soon: string | null }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>When</dt>
        <dd>
          {eventWhen(event)}
          {soon ? <span className={styles.soon}> ({soon})</span> : null}
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>{event.location}</dd>
      </div>
    </dl>
  );
}
