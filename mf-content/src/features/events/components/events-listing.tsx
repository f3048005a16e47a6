import { useState } from 'react';
import { eventsCalendarPath, type SiteEvent } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { eventsCatalog } from '../messages.js';
import { eventsBriefCatalog } from '../brief/messages.js';
import { EventCard } from './event-card.js';
import { splitEvents } from '../event-dates.js';
import { EventDetails } from './event-details.js';
import styles from '../events.module.css';
import { adelaideDay } from '../../../shared/adelaide-date.js';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { useContent } from '../../../shared/content/use-content.js';
import { usePlayChoice } from '../hooks/use-play-choice.js';
import { getEvents } from '../api/get-events.js';

/*
 * Where the events texts of spec §8 appear:
 * - 'Failed to fetch events': /events got no answer or an error status from the server.
 * - 'Failed to load events': /events got an answer it could not read (not the agreed shape).
 *   Both come with Retry.
 * - 'No events available at the moment.': /events has neither ongoing nor upcoming events.
 * - 'No events scheduled at this time.': one section of /events is empty while the other is not;
 *   also the home carousel with nothing coming up.
 * - 'Error loading events. Please try again later.': the home carousel could not load the list.
 */

/** The events list: the calendar link, the slideshows switch, Ongoing and Upcoming Events and the detail modal. */
export function EventsListing() {
  const { state, retry } = useContent(getEvents);
  const t = useT(eventsCatalog);
  const brief = useT(eventsBriefCatalog);
  const lang = useLang();
  const slideshows = usePlayChoice();
  const [open, setOpen] = useState<{ event: SiteEvent; opener: HTMLElement } | null>(null);
  const today = adelaideDay(new Date());

  return (
    <>
      <div className={styles.toolbar}>
        <a className={styles.subscribe} href={eventsCalendarPath(lang)}>
          {t('subscribe')}
        </a>
        <button type="button" className={styles.toggle} onClick={slideshows.toggle}>
          {t(slideshows.playing ? 'slides.pause' : 'slides.play')}
        </button>
      </div>

      {state.status === 'loading' ? <LoadingMessage>{brief('loading')}</LoadingMessage> : null}
      {state.status === 'error' ? (
        <ErrorMessage message={t(state.error.kind === 'invalid' ? 'loadFailed' : 'fetchFailed')} onRetry={retry} />
      ) : null}
      {state.status === 'ready' ? (
        <EventSections
          events={state.data}
          today={today}
          slideshowsPlaying={slideshows.playing}
          onOpen={(event, opener) => setOpen({ event, opener })}
        />
      ) : null}

      {open ? (
        <EventDetails event={open.event} opener={open.opener} today={today} slideshowsPlaying={slideshows.playing} onToggleSlideshows={slideshows.toggle} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

interface EventSectionsProps {
  events: SiteEvent[];
  today: string;
  slideshowsPlaying: boolean;
  onOpen: (event: SiteEvent, opener: HTMLElement) => void;
}

function EventSections({ events, today, slideshowsPlaying, onOpen }: EventSectionsProps) {
  const t = useT(eventsCatalog);
  const brief = useT(eventsBriefCatalog);
  const { ongoing, upcoming } = splitEvents(events, today);
  if (ongoing.length === 0 && upcoming.length === 0) return <EmptyMessage>{t('none')}</EmptyMessage>;
  const sections = [
    { id: 'ongoing-events', title: t('ongoing'), list: ongoing },
    { id: 'upcoming-events', title: brief('upcoming'), list: upcoming },
  ];
  let eagerLeft = 2;
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} className={styles.section} aria-labelledby={section.id}>
          <h2 id={section.id} className={styles.sectionTitle}>
            {section.title}
          </h2>
          {section.list.length === 0 ? (
            <EmptyMessage>{brief('noneNow')}</EmptyMessage>
          ) : (
            <ul className={styles.grid}>
              {section.list.map((event) => (
                <EventCard key={event._id} event={event} today={today} slideshowsPlaying={slideshowsPlaying} eager={eagerLeft-- > 0} onOpen={onOpen} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
