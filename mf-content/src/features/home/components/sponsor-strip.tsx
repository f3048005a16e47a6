import { useEffect } from 'react';
import type { Sponsor } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { CarouselControls } from '../../../shared/carousel-controls.js';
import { safeHttpUrl } from '../../../shared/external-url.js';
import { SPONSOR_ROTATION_MS, SPONSORS_PER_PAGE, pageCount, pageSlice, rotates } from '../../../shared/rotation.js';
import { StoredImage, initials } from '../../../shared/stored-image.js';
import { useContent } from '../../../shared/content/use-content.js';
import { useRotation } from '../../../shared/use-rotation.js';
import styles from '../../../shared/home-sections.module.css';
import { getSponsors } from '../api/get-sponsors.js';
import { homeCatalog } from '../messages.js';

/**
 * The sponsor strip: 4 at a time, turning every 3 s only when there are more than 4 (spec §9).
 * A load failure is only logged (spec §8): the strip is then left out.
 */
export function SponsorStrip() {
  const { state } = useContent(getSponsors);
  useEffect(() => {
    if (state.status === 'error') console.error('Could not load sponsors:', state.error);
  }, [state]);
  if (state.status !== 'ready' || state.data.length === 0) return null;
  return <SponsorPages sponsors={state.data} />;
}

function SponsorPages({ sponsors }: { sponsors: Sponsor[] }) {
  const t = useT(homeCatalog);
  const lang = useLang();
  const count = pageCount(sponsors.length, SPONSORS_PER_PAGE);
  const rotation = useRotation({ count, interval: SPONSOR_ROTATION_MS, enabled: rotates(sponsors.length, SPONSORS_PER_PAGE) });
  const shown = pageSlice(sponsors, rotation.index, SPONSORS_PER_PAGE);
  const many = count > 1;

  return (
    <section
      className={styles.section}
      aria-labelledby="sponsors-title"
      {...(many ? { 'aria-roledescription': t('carousel'), ...rotation.hoverHandlers } : {})}
    >
      <h2 id="sponsors-title" className={styles.heading}>
        {t('sponsors.title')}
      </h2>
      <p className={styles.lead}>{t('sponsors.lead')}</p>
      <ul
        className={styles.sponsors}
        aria-live={many && !rotation.running ? 'polite' : 'off'}
        {...(many ? { 'aria-roledescription': t('slide'), 'aria-label': t('sponsors.page', { n: rotation.index + 1, count }) } : {})}
      >
        {shown.map((sponsor) => {
          const href = safeHttpUrl(sponsor.link);
          const name = pickText(sponsor.name, sponsor.ta?.name, lang);
          const body = (
            <>
              <span className={styles.logo}>
                <StoredImage
                  src={sponsor.image}
                  meta={sponsor.imageMeta}
                  sizes="(max-width: 600px) 40vw, 220px"
                  className={styles.logoImage}
                  placeholderText={initials(name.text)}
                />
              </span>
              <span className={styles.sponsorName} lang={name.lang}>
                {name.text}
              </span>
            </>
          );
          return (
            <li key={sponsor._id} className={styles.sponsor}>
              {href ? (
                <a className={styles.sponsorLink} href={href} target="_blank" rel="noopener noreferrer">
                  {body}
                  <span className="tca-visually-hidden">{t('newTab')}</span>
                </a>
              ) : (
                <div className={styles.sponsorLink}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      {many ? (
        <CarouselControls
          className={styles.controls}
          label={t('sponsors')}
          index={rotation.index}
          count={count}
          playing={rotation.playing}
          onPrevious={rotation.previous}
          onNext={rotation.next}
          onTogglePlaying={rotation.togglePlaying}
        />
      ) : null}
    </section>
  );
}
