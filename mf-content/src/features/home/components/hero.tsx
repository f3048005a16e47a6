import { useMemo, useState, type TransitionEvent } from 'react';
import { useLang, useT } from '@tca/ui/i18n';
import { HERO_SLIDES } from '../hero-slides.js';
import { homeCatalog } from '../messages.js';
import { HERO_ROTATION_MS } from '../../../shared/rotation.js';
import { useRotation } from '../../../shared/use-rotation.js';
import { useHeroVariant } from '../hero-variant.js';
import { usePreloaded } from '../hooks/use-preloaded.js';
import styles from '../hero.module.css';

/**
 * The slide fading in and the one it covers. Only these two are painted; the one below is hidden
 * once the fade has ended (at once with reduced motion, which has no fade). `first` until the first
 * change: the first landscape only fades in over the gradient.
 */
function useCrossFade(index: number, reducedMotion: boolean) {
  const [fade, setFade] = useState<{ shown: number; under: number | null; first: boolean }>({ shown: index, under: null, first: true });
  // Adjusted while rendering (not in an effect) so the outgoing slide never drops out for a frame. Going
  // back to the slide underneath (already opaque) needs no fade.
  if (fade.shown !== index) setFade({ shown: index, under: reducedMotion || index === fade.under ? null : fade.shown, first: false });
  const onFadeEnd = (event: TransitionEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.propertyName !== 'opacity') return;
    setFade((now) => (now.shown === index ? { ...now, under: null } : now));
  };
  return { under: fade.shown === index ? fade.under : null, first: fade.first && fade.shown === index, onFadeEnd };
}

/**
 * Full-screen hero (spec §2.3): five Sangam landscapes, changing every 5 s once all five have
 * loaded (a light gradient until then, so the first paint never waits for them). Dots pick a
 * landscape; Pause stops the rotation; reduced motion keeps it still. The landscapes are WebP files
 * the build draws from the SVGs, in the size this screen needs; a cross-fade only changes the
 * opacity of the incoming slide, on its own compositor layer.
 */
export function Hero({ aboutId }: { aboutId: string }) {
  const t = useT(homeCatalog);
  const lang = useLang();
  const variant = useHeroVariant();
  const wanted = useMemo(() => HERO_SLIDES.map((slide) => slide.image[variant]), [variant]);
  const images = usePreloaded(wanted);
  const ready = images !== null;
  const rotation = useRotation({ count: HERO_SLIDES.length, interval: HERO_ROTATION_MS, enabled: ready });
  const current = HERO_SLIDES[rotation.index];
  const fade = useCrossFade(rotation.index, rotation.reducedMotion);

  const getStarted = () => {
    const about = document.getElementById(aboutId);
    if (!about) return;
    about.scrollIntoView({ behavior: rotation.reducedMotion ? 'auto' : 'smooth', block: 'start' });
    about.focus({ preventScroll: true });
  };

  return (
    <section className={styles.hero} aria-roledescription={t('carousel')} aria-label={t('hero.label')} {...rotation.hoverHandlers}>
      <div className={styles.backdrop} aria-hidden="true">
        {HERO_SLIDES.map((slide, i) => {
          const image = images?.[i];
          const shown = fade.first ? styles.slideFirst : styles.slideIn;
          const place = !image ? '' : i === rotation.index ? shown : i === fade.under ? styles.slideUnder : '';
          return (
            <div
              key={slide.id}
              className={`${styles.slide} ${place}`}
              style={image ? { backgroundImage: `url("${image}")` } : undefined}
              onTransitionEnd={i === rotation.index ? fade.onFadeEnd : undefined}
            />
          );
        })}
        <div className={styles.shade} />
      </div>

      <div className={styles.content}>
        <p className={styles.greeting} lang="ta">
          வணக்கம்
        </p>
        <h1 className={styles.title}>{t('hero.title')}</h1>
        <p className={styles.tagline}>{t('hero.tagline')}</p>
        <button type="button" className={styles.cta} onClick={getStarted}>
          {t('hero.start')}
        </button>
      </div>

      <div className={styles.bar}>
        {current ? (
          <p className={styles.caption} aria-live={rotation.running ? 'off' : 'polite'}>
            {/* In Tamil the landscape's Tamil name alone; in English its name in both scripts. */}
            <strong>
              {lang === 'ta' ? (
                current.tamil
              ) : (
                <>
                  {current.name} <span lang="ta">({current.tamil})</span>
                </>
              )}
            </strong>{' '}
            — {t(current.id)}
          </p>
        ) : null}
        <div className={styles.dots} role="group" aria-label={t('hero.choose')}>
          {HERO_SLIDES.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className={styles.dot}
              aria-label={t('hero.show', { name: lang === 'ta' ? slide.tamil : slide.name })}
              aria-pressed={i === rotation.index}
              onClick={() => rotation.setIndex(i)}
            />
          ))}
          <button type="button" className={styles.pause} onClick={rotation.togglePlaying} aria-label={t(rotation.playing ? 'hero.pause' : 'hero.play')}>
            <span aria-hidden="true">{rotation.playing ? '❚❚' : '▶'}</span>
          </button>
        </div>
      </div>
    </section>
  );
}
