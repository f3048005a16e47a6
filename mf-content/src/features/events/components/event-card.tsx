import { eventCalendarPath, type SiteEvent } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { daysUntil, eventWhen, isCancelled, soonText } from '../event-dates.js';
import { useEventText } from '../hooks/use-event-text.js';
import { eventsCatalog } from '../messages.js';
import { eventsBriefCatalog } from '../brief/messages.js';
import { ImageSlideshow } from './image-slideshow.js';
import { PickedText } from './picked-text.js';
import styles from '../events.module.css';

interface EventCardProps {
  event: SiteEvent;
  today: string;
  slideshowsPlaying: boolean;
  eager: boolean;
  onOpen: (event: SiteEvent, opener: HTMLElement) => void;
}

export function EventCard({ event, today, slideshowsPlaying, eager, onOpen }: EventCardProps) {
  const t = useT(eventsCatalog);
  const brief = useT(eventsBriefCatalog);
  const { lang, name, location } = useEventText(event);
  const soon = soonText(brief, daysUntil(event.date, today));
  const cancelled = isCancelled(event);
  return (
    <li className={cancelled ? `${styles.card} ${styles.cancelledCard}` : styles.card}>
      <div className={styles.media}>
        <ImageSlideshow images={event.images} meta={event.imageMeta} name={name} sizes="(max-width: 760px) 100vw, 360px" playing={slideshowsPlaying} eager={eager} />
        {cancelled ? null : <span className={styles.badge}>{soon ?? brief('onNow')}</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.cardTitle}>
          <PickedText {...name} />
          {cancelled ? <span className="tca-visually-hidden">{t('cancelled.sr')}</span> : null}
        </h3>
        {cancelled ? (
          <p className={styles.cancelled} aria-hidden="true">
            {t('cancelled')}
          </p>
        ) : null}
        <p className={styles.meta}>
          <span className="tca-visually-hidden">{t('when')}: </span>
          {eventWhen(event, lang)}
        </p>
        <p className={styles.meta}>
          <span className="tca-visually-hidden">{t('where')}: </span>
          <PickedText {...location} />
        </p>
        <div className={styles.actions}>
          <button type="button" className="tca-button" onClick={(e) => onOpen(event, e.currentTarget)}>
            {t('details')}
            <span className="tca-visually-hidden">
              {t('details.of')}
              <PickedText {...name} />
            </span>
          </button>
          {cancelled ? null : (
            <a className={styles.calendarLink} href={eventCalendarPath(event._id, lang)} aria-label={name.lang ? undefined : t('calendar.label', { name: name.text })}>
              {t('calendar')}
              {/* An English name on a Tamil page goes in a lang="en" part, which an aria-label cannot hold. */}
              {name.lang ? (
                <span className="tca-visually-hidden">
                  : <span lang={name.lang}>{name.text}</span>
                </span>
              ) : null}
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
