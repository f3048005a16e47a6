import { useId, useRef, useState, type MouseEvent } from 'react';
import type { MembershipLevel } from '@tca/contracts';
import { termText } from '../../../shared/level-text.js';
import styles from './level-card.module.css';

interface LevelCardProps {
  level: MembershipLevel;
  /** Buy now (front) and Proceed to Checkout (back) both call this with the pressed button. */
  onChoose: (level: MembershipLevel, opener: HTMLButtonElement) => void;
}

/**
 * A flip-style level card (spec §2.3). The front shows the level and price, the back its benefits.
 * It turns with its "Show benefits" / "Back" buttons (keyboard, mouse and touch alike) or a tap on
 * the card; the face turned away is `inert`, so it is neither focusable nor read out, and focus
 * moves to the face that turns towards the visitor. The turn animates only without
 * prefers-reduced-motion.
 */
export function LevelCard({ level, onChoose }: LevelCardProps) {
  const [flipped, setFlipped] = useState(false);
  const titleId = useId();
  const benefitsId = useId();
  const frontButton = useRef<HTMLButtonElement>(null);
  const backFace = useRef<HTMLDivElement>(null);

  const turn = (toBack: boolean) => {
    setFlipped(toBack);
    // The face becomes interactive on this render; focus it on the next frame.
    requestAnimationFrame(() => (toBack ? backFace.current?.focus() : frontButton.current?.focus()));
  };

  /** A tap on the face (not on one of its buttons) turns the card too. */
  const onFaceClick = (toBack: boolean) => (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    turn(toBack);
  };

  return (
    <article className={styles.card} aria-labelledby={titleId} data-flipped={flipped ? 'true' : 'false'}>
      <div className={styles.inner}>
        <div className={styles.front} style={{ background: level.gradient }} inert={flipped} onClick={onFaceClick(true)}>
          <p className={styles.type}>{level.type} membership</p>
          <h3 id={titleId} className={styles.name}>
            {level.name}
          </h3>
          <p className={styles.price}>
            <span className={styles.amount}>{level.price}</span> <span className={styles.currency}>AUD</span>
          </p>
          <p className={styles.term}>{termText(level)}</p>
          <div className={styles.actions}>
            <button ref={frontButton} type="button" className={styles.flip} aria-controls={benefitsId} onClick={() => turn(true)}>
              Show benefits<span className="tca-visually-hidden"> of {level.name}</span>
            </button>
            <button type="button" className={styles.buy} onClick={(event) => onChoose(level, event.currentTarget)}>
              Buy now<span className="tca-visually-hidden"> {level.name}</span>
            </button>
          </div>
        </div>
        <div
          ref={backFace}
          id={benefitsId}
          className={styles.back}
          inert={!flipped}
          tabIndex={-1}
          role="group"
          aria-label={`${level.name} benefits`}
          onClick={onFaceClick(false)}
        >
          <p className={styles.backTitle} aria-hidden="true">
            {level.name} benefits
          </p>
          <ul className={styles.benefits}>
            {level.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <p className={styles.backPrice}>
            {level.price} AUD · {termText(level)}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.flipBack} onClick={() => turn(false)}>
              Back<span className="tca-visually-hidden"> to {level.name}</span>
            </button>
            <button type="button" className={styles.checkout} onClick={(event) => onChoose(level, event.currentTarget)}>
              Proceed to Checkout<span className="tca-visually-hidden"> for {level.name}</span>
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
