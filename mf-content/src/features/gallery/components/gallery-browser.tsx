import { useEffect, useRef, useState } from 'react';
import type { GalleryEvent } from '@tca/contracts';
import { formatDay } from '../../../shared/adelaide-date.js';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { StoredImage } from '../../../shared/stored-image.js';
import { useContent } from '../../../shared/content/use-content.js';
import { groupByYear } from '../gallery-logic.js';
import styles from '../gallery.module.css';
import { getGalleryEvents } from '../api/get-gallery-events.js';

const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);

/** The gallery: events grouped by year with the year selector, and an event's photos with Back to Gallery. */
export function GalleryBrowser() {
  const { state, retry } = useContent(getGalleryEvents);
  const [year, setYear] = useState<number | null>(null);
  const [open, setOpen] = useState<GalleryEvent | null>(null);
  const cardButtons = useRef(new Map<string, HTMLButtonElement>());
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);

  useEffect(() => {
    if (open) detailHeading.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!returnTo) return;
    cardButtons.current.get(returnTo)?.focus();
    setReturnTo(null);
  }, [returnTo]);

  const back = () => {
    if (open) setReturnTo(open._id);
    setOpen(null);
  };

  let content;
  if (state.status === 'loading') content = <LoadingMessage>Loading the gallery…</LoadingMessage>;
  else if (state.status === 'error') content = <ErrorMessage message="No Gallery found" detail="The gallery could not be loaded." onRetry={retry} />;
  else if (state.data.length === 0) content = <EmptyMessage>No Gallery found</EmptyMessage>;
  else {
    const groups = groupByYear(state.data);
    const shown = year === null ? groups : groups.filter((group) => group.year === year);
    let eagerLeft = 3;
    content = (
      <>
        {/* The grid stays mounted while a detail view is open, so Back returns focus to the same card. */}
        <div className={styles.layout} hidden={open !== null}>
          <nav className={styles.years} aria-label="Gallery years">
            <h2 className={styles.yearsTitle}>Years</h2>
            <ul className={styles.yearList}>
              <li>
                <button type="button" className={styles.year} aria-pressed={year === null} onClick={() => setYear(null)}>
                  All years
                </button>
              </li>
              {groups.map((group) => (
                <li key={group.year}>
                  <button type="button" className={styles.year} aria-pressed={year === group.year} onClick={() => setYear(group.year)}>
                    {group.year}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.groups}>
            {shown.map((group) => (
              <section key={group.year} aria-labelledby={`gallery-${group.year}`} className={styles.group}>
                <h2 id={`gallery-${group.year}`} className={styles.groupTitle}>
                  {group.year}
                </h2>
                <ul className={styles.grid}>
                  {group.events.map((event) => (
                    <li key={event._id} className={styles.card}>
                      <div className={styles.cover}>
                        <StoredImage
                          src={event.images[0] ?? null}
                          meta={event.imageMeta[0]}
                          fallbackAlt=""
                          sizes="(max-width: 760px) 100vw, 300px"
                          eager={eagerLeft-- > 0}
                          className={styles.coverImage}
                        />
                      </div>
                      <div className={styles.cardBody}>
                        <h3 className={styles.cardTitle}>{event.name}</h3>
                        <p className={styles.meta}>
                          {formatDay(event.date)} · {photos(event.images.length)}
                        </p>
                        <button
                          type="button"
                          className={styles.open}
                          ref={(button) => {
                            if (button) cardButtons.current.set(event._id, button);
                            else cardButtons.current.delete(event._id);
                          }}
                          onClick={() => setOpen(event)}
                        >
                          View photos<span className="tca-visually-hidden"> of {event.name}</span>
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>

        {open ? (
          <section className={styles.detail} aria-labelledby="gallery-detail-title">
            <button type="button" className={styles.back} onClick={back}>
              <span aria-hidden="true">← </span>Back to Gallery
            </button>
            <h2 id="gallery-detail-title" ref={detailHeading} tabIndex={-1} className={styles.detailTitle}>
              {open.name}
            </h2>
            <p className={styles.meta}>
              {formatDay(open.date)} · {photos(open.images.length)}
            </p>
            {open.images.length === 0 ? (
              <EmptyMessage>No photos of this event yet.</EmptyMessage>
            ) : (
              <ul className={styles.photos}>
                {open.images.map((image, i) => (
                  <li key={`${image}-${i}`} className={styles.photo}>
                    <StoredImage
                      src={image}
                      meta={open.imageMeta[i]}
                      fallbackAlt={`${open.name}, photo ${i + 1}`}
                      sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 360px"
                      eager={i < 3}
                      className={styles.photoImage}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </>
    );
  }

  return (
    <>
      {content}
    </>
  );
}
