import { useEffect, useRef, useState, type RefObject } from 'react';
import type { GalleryEvent } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { EmptyMessage, ErrorMessage, LoadingMessage } from '../../../shared/status.js';
import { StoredImage } from '../../../shared/stored-image.js';
import { useContent } from '../../../shared/content/use-content.js';
import { formatDay } from '../../../shared/adelaide-date.js';
import { groupByYear } from '../gallery-logic.js';
import { galleryCatalog } from '../messages.js';
import styles from '../gallery.module.css';
import { getGalleryEvents } from '../api/get-gallery-events.js';

/** The gallery: events grouped by year with the year selector, and an event's photos with Back to Gallery. */
export function GalleryBrowser() {
  const { state, retry } = useContent(getGalleryEvents);
  const t = useT(galleryCatalog);
  const lang = useLang();
  // An album's name in the language shown (its Tamil name where it has one; else English, marked lang="en").
  const nameOf = (event: GalleryEvent) => pickText(event.name, event.ta?.name, lang);
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
  if (state.status === 'loading') content = <LoadingMessage>{t('loading')}</LoadingMessage>;
  else if (state.status === 'error') content = <ErrorMessage message={t('none')} detail={t('failed')} onRetry={retry} />;
  else if (state.data.length === 0) content = <EmptyMessage>{t('none')}</EmptyMessage>;
  else {
    const groups = groupByYear(state.data);
    const shown = year === null ? groups : groups.filter((group) => group.year === year);
    let eagerLeft = 3;
    content = (
      <>
        {/* The grid stays mounted while a detail view is open, so Back returns focus to the same card. */}
        <div className={styles.layout} hidden={open !== null}>
          <nav className={styles.years} aria-label={t('years.label')}>
            <h2 className={styles.yearsTitle}>{t('years')}</h2>
            <ul className={styles.yearList}>
              <li>
                <button type="button" className={styles.year} aria-pressed={year === null} onClick={() => setYear(null)}>
                  {t('years.all')}
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
                    <AlbumCard
                      key={event._id}
                      album={event}
                      name={nameOf(event)}
                      eager={eagerLeft-- > 0}
                      buttonRef={(button) => {
                        if (button) cardButtons.current.set(event._id, button);
                        else cardButtons.current.delete(event._id);
                      }}
                      onOpen={() => setOpen(event)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>

        {open ? <AlbumPhotos album={open} name={nameOf(open)} onBack={back} heading={detailHeading} /> : null}
      </>
    );
  }

  return <>{content}</>;
}

type Picked = ReturnType<typeof pickText>;

interface AlbumCardProps {
  album: GalleryEvent;
  name: Picked;
  eager: boolean;
  buttonRef: (button: HTMLButtonElement | null) => void;
  onOpen: () => void;
}

/** An album in the grid: cover, name, day and photo count, and View photos. */
function AlbumCard({ album, name, eager, buttonRef, onOpen }: AlbumCardProps) {
  const t = useT(galleryCatalog);
  const lang = useLang();
  return (
    <li className={styles.card}>
      <div className={styles.cover}>
        <StoredImage src={album.images[0] ?? null} meta={album.imageMeta[0]} fallbackAlt="" sizes="(max-width: 760px) 100vw, 300px" eager={eager} className={styles.coverImage} />
      </div>
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle} lang={name.lang}>
          {name.text}
        </h3>
        <p className={styles.meta}>
          {formatDay(album.date, lang)} · {t('photos', { n: album.images.length })}
        </p>
        <button type="button" className={styles.open} ref={buttonRef} onClick={onOpen}>
          {t('view')}
          <span className="tca-visually-hidden">
            {t('view.of')}
            {name.lang ? <span lang={name.lang}>{name.text}</span> : name.text}
          </span>
        </button>
      </div>
    </li>
  );
}

interface AlbumPhotosProps {
  album: GalleryEvent;
  name: Picked;
  onBack: () => void;
  heading: RefObject<HTMLHeadingElement | null>;
}

/** One album's photos with Back to Gallery; photos stored without alt text are named after the album. */
function AlbumPhotos({ album, name, onBack, heading }: AlbumPhotosProps) {
  const t = useT(galleryCatalog);
  const lang = useLang();
  return (
    <section className={styles.detail} aria-labelledby="gallery-detail-title">
      <button type="button" className={styles.back} onClick={onBack}>
        <span aria-hidden="true">← </span>
        {t('back')}
      </button>
      <h2 id="gallery-detail-title" ref={heading} tabIndex={-1} className={styles.detailTitle} lang={name.lang}>
        {name.text}
      </h2>
      <p className={styles.meta}>
        {formatDay(album.date, lang)} · {t('photos', { n: album.images.length })}
      </p>
      {album.images.length === 0 ? (
        <EmptyMessage>{t('empty')}</EmptyMessage>
      ) : (
        // An English album name on a Tamil page marks the photos lang="en", the alt texts made from it included.
        <ul className={styles.photos} lang={name.lang}>
          {album.images.map((image, i) => (
            <li key={`${image}-${i}`} className={styles.photo}>
              <StoredImage
                src={image}
                meta={album.imageMeta[i]}
                fallbackAlt={t('photo', { name: name.text, n: i + 1 })}
                sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 360px"
                eager={i < 3}
                className={styles.photoImage}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
