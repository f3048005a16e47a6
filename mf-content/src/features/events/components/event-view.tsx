import { useState } from 'react';
import { Link } from '@tca/ui/router';
import { paths, type SiteEvent } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { adelaideDay } from '../../../shared/adelaide-date.js';
import { ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { useContent } from '../../../shared/content/use-content.js';
import { getEvents } from '../api/get-events.js';
import { daysUntil, isCancelled, soonText } from '../event-dates.js';
import { useEventText } from '../hooks/use-event-text.js';
import { eventsCatalog } from '../messages.js';
import { eventsBriefCatalog } from '../brief/messages.js';
import { CancelledName, EventActions, EventFacts } from './event-details.js';
import { ImageSlideshow } from './image-slideshow.js';
import { PickedText } from './picked-text.js';
import styles from '../events.module.css';

/**
 * One event on a page of its own (/event/:id, issue 17): the address a shared event link opens and
 * link previews read. The same facts and actions as the listing's detail modal; a draft, or an id no
 * event has, is "Event not found".
 */
export function EventView({ id }: { id: string }) {
  const { state, retry } = useContent(getEvents);
  const t = useT(eventsCatalog);
  let body;
  if (state.status === 'loading') body = <LoadingMessage>{t('event.loading')}</LoadingMessage>;
  else if (state.status === 'error') body = <ErrorMessage message={t('event.failed')} onRetry={retry} />;
  else {
    const event = state.data.find((candidate) => candidate._id === id && candidate.status !== 'Draft');
    body = event ? (
      <EventArticle event={event} />
    ) : (
      <div className={styles.notFound}>
        <h1 id="page-title">{t('event.missing')}</h1>
        <p>{t('event.gone')}</p>
      </div>
    );
  }
  return (
    <section className={styles.eventPage} aria-labelledby="page-title">
      <Link to={paths.events} className={styles.back}>
        {t('event.back')}
      </Link>
      {body}
    </section>
  );
}

function EventArticle({ event }: { event: SiteEvent }) {
  const t = useT(eventsCatalog);
  const brief = useT(eventsBriefCatalog);
  const { name, description } = useEventText(event);
  const [playing, setPlaying] = useState(false);
  const cancelled = isCancelled(event);
  return (
    <article>
      <h1 id="page-title" className={styles.eventTitle}>
        {cancelled ? <CancelledName event={event} /> : <PickedText {...name} />}
      </h1>
      {cancelled ? <p className={styles.cancelledNotice}>{t('cancelled.notice')}</p> : null}
      {event.images.length > 0 ? (
        <ImageSlideshow
          images={event.images}
          meta={event.imageMeta}
          name={name}
          sizes="(max-width: 860px) 100vw, 820px"
          playing={playing}
          eager
          controls
          onTogglePlaying={() => setPlaying((now) => !now)}
        />
      ) : null}
      <EventFacts event={event} soon={cancelled ? null : soonText(brief, daysUntil(event.date, adelaideDay(new Date())))} />
      <p className={styles.description} lang={description.lang}>
        {description.text}
      </p>
      {cancelled ? null : <EventActions event={event} />}
    </article>
  );
}
