import { Link } from '@tca/ui/router';
import { paths, type SiteEvent } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { carouselEvents, daysUntil, eventWhen, soonText } from '../event-dates.js';
import { eventText } from '../hooks/use-event-text.js';
import { eventsBriefCatalog } from '../brief/messages.js';
import { adelaideDay } from '../../../shared/adelaide-date.js';
import { CarouselControls } from '../../../shared/carousel-controls.js';
import { EVENTS_PER_SLIDE, EVENTS_ROTATION_MS, pageCount, pageSlice } from '../../../shared/rotation.js';
import { StoredImage } from '../../../shared/stored-image.js';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { useContent } from '../../../shared/content/use-content.js';
import { useRotation } from '../../../shared/use-rotation.js';
import styles from '../../../shared/home-sections.module.css';
import { getEvents } from '../api/get-events.js';

/**
 * The home events carousel: events that have not ended, 3 per slide, moving on every 3 s
 * (spec §4, §9). Its messages: 'No events scheduled at this time.' when nothing is coming up,
 * 'Error loading events. Please try again later.' when the list cannot be loaded.
 */
export function EventsCarousel() {
  const { state, retry } = useContent(getEvents);
  const t = useT(eventsBriefCatalog);
  return (
    <section className={`${styles.section} ${styles.band}`} aria-labelledby="home-events-title" aria-roledescription={t('carousel')}>
      <div className={styles.sectionHead}>
        <h2 id="home-events-title" className={styles.heading}>
          {t('upcoming')}
        </h2>
        <Link to={paths.events} className={styles.more}>
          {t('all')}
        </Link>
      </div>
      {state.status === 'loading' ? <LoadingMessage>{t('loading')}</LoadingMessage> : null}
      {state.status === 'error' ? <ErrorMessage message={t('homeFailed')} onRetry={retry} /> : null}
      {state.status === 'ready' ? <EventSlides events={carouselEvents(state.data, adelaideDay(new Date()))} /> : null}
    </section>
  );
}

function EventSlides({ events }: { events: SiteEvent[] }) {
  const t = useT(eventsBriefCatalog);
  const lang = useLang();
  const count = pageCount(events.length, EVENTS_PER_SLIDE);
  const rotation = useRotation({ count, interval: EVENTS_ROTATION_MS });
  if (events.length === 0) return <EmptyMessage>{t('noneNow')}</EmptyMessage>;
  const today = adelaideDay(new Date());

  return (
    <div {...rotation.hoverHandlers}>
      <ul
        className={styles.eventSlide}
        aria-roledescription={t('slide')}
        aria-label={t('slide.n', { n: rotation.index + 1, count })}
        aria-live={rotation.running ? 'off' : 'polite'}
      >
        {pageSlice(events, rotation.index, EVENTS_PER_SLIDE).map((event) => {
          const soon = soonText(t, daysUntil(event.date, today));
          const { name, location } = eventText(event, lang);
          return (
            <li key={event._id} className={styles.eventCard}>
              <div className={styles.eventMedia}>
                <StoredImage src={event.images[0] ?? null} meta={event.imageMeta[0]} sizes="(max-width: 760px) 100vw, 360px" className={styles.eventImage} />
                <span className={styles.badge}>{soon ?? t('onNow')}</span>
              </div>
              <div className={styles.eventBody}>
                <h3 className={styles.eventTitle} lang={name.lang}>
                  {name.text}
                </h3>
                <p className={styles.meta}>{eventWhen(event, lang)}</p>
                <p className={styles.meta} lang={location.lang}>
                  {location.text}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {count > 1 ? (
        <CarouselControls
          className={styles.controls}
          label={t('events.label')}
          index={rotation.index}
          count={count}
          playing={rotation.playing}
          onPrevious={rotation.previous}
          onNext={rotation.next}
          onTogglePlaying={rotation.togglePlaying}
        />
      ) : null}
    </div>
  );
}
