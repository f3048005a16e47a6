import type { ImageMeta } from '@tca/contracts';
import { useT } from '@tca/ui/i18n';
import { CarouselControls } from '../../../shared/carousel-controls.js';
import { SLIDESHOW_MS } from '../../../shared/rotation.js';
import { StoredImage } from '../../../shared/stored-image.js';
import { useRotation } from '../../../shared/use-rotation.js';
import type { Picked } from '../hooks/use-event-text.js';
import { eventsCatalog } from '../messages.js';
import styles from '../events.module.css';

interface ImageSlideshowProps {
  images: readonly string[];
  meta: readonly ImageMeta[];
  /**
   * The event's name in the language shown (eventText): alt text for images stored without one. An English
   * fallback on a Tamil page marks the slideshow lang="en", names made from it included.
   */
  name: Picked;
  sizes: string;
  playing: boolean;
  eager?: boolean;
  /** Show previous / next / pause buttons (in the detail view); cards use the page's one switch. */
  controls?: boolean;
  onTogglePlaying?: () => void;
}

/** An event's photos, one at a time, changing every 3 s (spec §2.3) while `playing`. */
export function ImageSlideshow({ images, meta, name, sizes, playing, eager = false, controls = false, onTogglePlaying }: ImageSlideshowProps) {
  const t = useT(eventsCatalog);
  const rotation = useRotation({ count: images.length, interval: SLIDESHOW_MS, playing });
  if (images.length === 0) {
    return (
      <div className={styles.slideshow}>
        <StoredImage src={null} meta={null} sizes={sizes} className={styles.slideImage} />
      </div>
    );
  }
  return (
    <div className={styles.slideshowWrap} lang={name.lang} {...rotation.hoverHandlers}>
      <div className={styles.slideshow} {...(images.length > 1 ? { role: 'group', 'aria-roledescription': t('slideshow'), 'aria-label': t('photos', { name: name.text }) } : {})}>
        {images.map((image, i) => (
          <div key={`${image}-${i}`} className={`${styles.slide} ${i === rotation.index ? styles.slideShown : ''}`} aria-hidden={i !== rotation.index}>
            <StoredImage src={image} meta={meta[i]} fallbackAlt={t('photo', { name: name.text, n: i + 1 })} sizes={sizes} eager={eager && i === 0} className={styles.slideImage} />
          </div>
        ))}
        {images.length > 1 && !controls ? (
          <span className={styles.counter} aria-hidden="true">
            {rotation.index + 1}/{images.length}
          </span>
        ) : null}
      </div>
      {controls && images.length > 1 && onTogglePlaying ? (
        <CarouselControls
          className={styles.slideControls}
          label={t('photo.label')}
          index={rotation.index}
          count={images.length}
          playing={playing}
          onPrevious={rotation.previous}
          onNext={rotation.next}
          onTogglePlaying={onTogglePlaying}
        />
      ) : null}
    </div>
  );
}
