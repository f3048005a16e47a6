import styles from './carousel-controls.module.css';

interface CarouselControlsProps {
  /** What rotates, for the buttons' names: "sponsors" → "Previous sponsors", "Pause sponsors". */
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
  return (
    <div className={[styles.controls, className].filter(Boolean).join(' ')}>
      <button type="button" className={styles.control} onClick={onPrevious} aria-label={`Previous ${label}`}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className={styles.control} onClick={onTogglePlaying} aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}>
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      <button type="button" className={styles.control} onClick={onNext} aria-label={`Next ${label}`}>
        <span aria-hidden="true">›</span>
      </button>
      <span className={styles.position} aria-hidden="true">
        {index + 1} / {count}
      </span>
    </div>
  );
}
