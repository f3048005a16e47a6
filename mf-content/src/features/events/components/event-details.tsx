import { Link } from '@tca/ui/router';
import { eventCalendarPath, paths, type SiteEvent } from '@tca/contracts';
import { Modal } from '@tca/ui/modal';
import { useLang, useT } from '@tca/ui/i18n';
import { daysUntil, eventWhen, isCancelled, soonText, ticketLink } from '../event-dates.js';
import { useEventText } from '../hooks/use-event-text.js';
import { eventsCatalog } from '../messages.js';
import { eventsBriefCatalog } from '../brief/messages.js';
import { ImageSlideshow } from './image-slideshow.js';
import { PickedText } from './picked-text.js';
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
  const t = useT(eventsCatalog);
  const brief = useT(eventsBriefCatalog);
  const { name, description } = useEventText(event);
  const soon = soonText(brief, daysUntil(event.date, today));
  if (isCancelled(event)) {
    return (
      <Modal title={<CancelledName event={event} />} onClose={onClose} returnFocusTo={opener}>
        <p className={styles.cancelledNotice}>{t('cancelled.notice')}</p>
        <EventFacts event={event} soon={null} />
        <p className={styles.description} lang={description.lang}>
          {description.text}
        </p>
      </Modal>
    );
  }
  return (
    <Modal title={<PickedText {...name} />} onClose={onClose} returnFocusTo={opener}>
      <ImageSlideshow
        images={event.images}
        meta={event.imageMeta}
        name={name}
        sizes="(max-width: 760px) 100vw, 700px"
        playing={slideshowsPlaying}
        eager
        controls
        onTogglePlaying={onToggleSlideshows}
      />
      <EventFacts event={event} soon={soon} />
      <p className={styles.description} lang={description.lang}>
        {description.text}
      </p>
      <EventActions event={event} />
    </Modal>
  );
}

/** "Pongal Festival (cancelled)": the name in the language shown, then the mark. */
export function CancelledName({ event }: { event: SiteEvent }) {
  const t = useT(eventsCatalog);
  const { name } = useEventText(event);
  return (
    <>
      <PickedText {...name} />
      {t('cancelled.sr')}
    </>
  );
}

/** Purchase Tickets (the event's link) or Register (/membership), and Add to calendar. */
export function EventActions({ event }: { event: SiteEvent }) {
  const t = useT(eventsCatalog);
  const lang = useLang();
  const tickets = ticketLink(event);
  return (
    <div className={styles.actions}>
      {tickets ? (
        <a className="tca-button" href={tickets} target="_blank" rel="noopener noreferrer">
          {t('tickets')}
          <span className="tca-visually-hidden">{t('newTab')}</span>
        </a>
      ) : (
        <Link className="tca-button" to={paths.membership}>
          {t('register')}
        </Link>
      )}
      <a className={styles.calendarLink} href={eventCalendarPath(event._id, lang)}>
        {t('calendar')}
      </a>
    </div>
  );
}

export function EventFacts({ event, soon }: { event: SiteEvent; soon: string | null }) {
  const t = useT(eventsCatalog);
  const { lang, location } = useEventText(event);
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('when')}</dt>
        <dd>
          {eventWhen(event, lang)}
          {soon ? <span className={styles.soon}> ({soon})</span> : null}
        </dd>
      </div>
      <div>
        <dt>{t('where')}</dt>
        <dd lang={location.lang}>{location.text}</dd>
      </div>
    </dl>
  );
}
