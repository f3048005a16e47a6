import { useId, useRef, useState, type MouseEvent } from 'react';
import type { MembershipLevel } from '@tca/contracts';
import { useLang, useT } from '@tca/ui/i18n';
import { cardPrice } from '../../../shared/level-text.js';
import { levelTexts, sharedCatalog } from '../../../shared/messages.js';
import { levelsCatalog } from '../messages.js';
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
  const t = useT(levelsCatalog);
  useT(sharedCatalog);
  const lang = useLang();
  const { name, type, term, benefits } = levelTexts(level);
  const price = cardPrice(level, lang);
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
          <p className={styles.type}>{t('card.type', { type })}</p>
          <h3 id={titleId} className={styles.name}>
            {name}
          </h3>
          <p className={styles.price}>
            <span className={styles.amount}>{price}</span> <span className={styles.currency}>AUD</span>
          </p>
          <p className={styles.term}>{term}</p>
          <div className={styles.actions}>
            <button ref={frontButton} type="button" className={styles.flip} aria-controls={benefitsId} onClick={() => turn(true)}>
              {t('card.show')}
              <span className="tca-visually-hidden">{t('card.showOf', { name })}</span>
            </button>
            <button type="button" className={styles.buy} onClick={(event) => onChoose(level, event.currentTarget)}>
              {t('card.buy')}
              <span className="tca-visually-hidden"> {name}</span>
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
          aria-label={t('card.benefits', { name })}
          onClick={onFaceClick(false)}
        >
          <p className={styles.backTitle} aria-hidden="true">
            {t('card.benefits', { name })}
          </p>
          <ul className={styles.benefits}>
            {benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <p className={styles.backPrice}>
            {price} AUD · {term}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.flipBack} onClick={() => turn(false)}>
              {t('card.back')}
              <span className="tca-visually-hidden">{t('card.backTo', { name })}</span>
            </button>
            <button type="button" className={styles.checkout} onClick={(event) => onChoose(level, event.currentTarget)}>
              {t('card.checkout')}
              <span className="tca-visually-hidden">{t('card.checkoutFor', { name })}</span>
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
