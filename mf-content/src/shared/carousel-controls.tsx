import { useT } from '@tca/ui/i18n';
import { sharedCatalog } from './messages.js';
import styles from './carousel-controls.module.css';

interface CarouselControlsProps {
  /** What rotates, in the language shown, for the buttons' names: "sponsors" → "Previous sponsors", "Pause sponsors". */
  label: string;
  index: number;
  count: number;
  playing: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onTogglePlaying: () => void;
  className?: string;
}

/** Previous, pause/play and next buttons of a carousel, each with a name that says what it moves. */
export function CarouselControls({ label, index, count, playing, onPrevious, onNext, onTogglePlaying, className }: CarouselControlsProps) {
  const t = useT(sharedCatalog);
  return (
    <div className={[styles.controls, className].filter(Boolean).join(' ')}>
      <button type="button" className={styles.control} onClick={onPrevious} aria-label={t('carousel.previous', { label })}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className={styles.control} onClick={onTogglePlaying} aria-label={t(playing ? 'carousel.pause' : 'carousel.play', { label })}>
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      <button type="button" className={styles.control} onClick={onNext} aria-label={t('carousel.next', { label })}>
        <span aria-hidden="true">›</span>
      </button>
      <span className={styles.position} aria-hidden="true">
        {index + 1} / {count}
      </span>
    </div>
  );
}
