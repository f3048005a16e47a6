import { eventCalendarPath, type SiteEvent } from '@tca/contracts';
import { daysUntil, eventWhen, isCancelled } from '../event-dates.js';
import { ImageSlideshow } from './image-slideshow.js';
import styles from '../events.module.css';

interface EventCardProps {
  event: SiteEvent;
  today: string;
  slideshowsPlaying: boolean;
  eager: boolean;
  onOpen: (event: SiteEvent, opener: HTMLElement) => void;
}

export function EventCard({ event, today, slideshowsPlaying, eager, onOpen }: EventCardProps) {
  const soon = daysUntil(event.date, today);
  const cancelled = isCancelled(event);
  return (
    <li className={cancelled ? `${styles.card} ${styles.cancelledCard}` : styles.card}>
      <div className={styles.media}>
        <ImageSlideshow images={event.images} meta={event.imageMeta} name={event.name} sizes="(max-width: 760px) 100vw, 360px" playing={slideshowsPlaying} eager={eager} />
        {cancelled ? null : <span className={styles.badge}>{soon ?? 'On now'}</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>
          {event.name}
          {cancelled ? <span className="tca-visually-hidden"> (cancelled)</span> : null}
        </h3>
        {cancelled ? (
          <p className={styles.cancelled} aria-hidden="true">
            Cancelled
          </p>
        ) : null}
        <p className={styles.meta}>
          <span className="tca-visually-hidden">When: </span>
          {eventWhen(event)}
        </p>
        <p className={styles.meta}>
          <span className="tca-visually-hidden">Where: </span>
          {event.location}
        </p>
        <div className={styles.actions}>
          <button type="button" className="tca-button" onClick={(e) => onOpen(event, e.currentTarget)}>
            View details<span className="tca-visually-hidden"> of {event.name}</span>
          </button>
          {cancelled ? null : (
            <a className={styles.calendarLink} href={eventCalendarPath(event._id)} aria-label={`Add to calendar: ${event.name}`}>
              Add to calendar
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
