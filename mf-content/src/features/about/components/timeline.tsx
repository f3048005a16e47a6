import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '@tca/ui/i18n';
import { aboutCatalog } from '../messages.js';
import { TIMELINE } from '../timeline-entries.js';
import { tabForKey } from '../timeline-keys.js';
import styles from '../about.module.css';

const tabId = (year: number) => `timeline-tab-${year}`;
const PANEL_ID = 'timeline-panel';

/**
 * The Adelaide Story as tabs (WAI-ARIA tabs pattern): one tab per year; arrow keys, Home and End move
 * between years and show the chosen year at once; Tab moves on into the year's story.
 */
export function Timeline() {
  const t = useT(aboutCatalog);
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const entry = TIMELINE[selected];

  const select = (index: number, focus: boolean) => {
    setSelected(index);
    if (focus) tabs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const target = tabForKey(event.key, selected, TIMELINE.length);
    if (target === null) return;
    event.preventDefault();
    select(target, true);
  };

  if (!entry) return null;
  const previous = TIMELINE[selected - 1];
  const next = TIMELINE[selected + 1];

  return (
    <div className={styles.timeline}>
      <div className={styles.tablist} role="tablist" aria-label={t('years')}>
        {TIMELINE.map((item, i) => (
          <button
            key={item.year}
            ref={(button) => {
              tabs.current[i] = button;
            }}
            type="button"
            role="tab"
            id={tabId(item.year)}
            className={styles.tab}
            aria-selected={i === selected}
            aria-controls={PANEL_ID}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => select(i, false)}
            onKeyDown={onKeyDown}
          >
            <span className={styles.tabDot} aria-hidden="true" />
            {item.year}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(entry.year)} className={styles.panel}>
        <div className={styles.panelImage}>
          <img key={entry.year} src={entry.image} alt={t(`y${entry.year}.alt`)} className={styles.image} />
        </div>
        <div className={styles.panelText}>
          <p className={styles.year} aria-hidden="true">
            {entry.year}
          </p>
          <h3 className={styles.entryTitle}>
            <span className="tca-visually-hidden">{entry.year}: </span>
            {t(`y${entry.year}.title`)}
          </h3>
          <p className={styles.entryText}>{t(`y${entry.year}.text`)}</p>
          <div className={styles.steps}>
            {previous ? (
              <button type="button" className={styles.step} onClick={() => select(selected - 1, false)}>
                <span aria-hidden="true">← </span>
                <span className="tca-visually-hidden">{t('prev')}</span>
                {previous.year}
              </button>
            ) : (
              <span />
            )}
            {next ? (
              <button type="button" className={styles.step} onClick={() => select(selected + 1, false)}>
                <span className="tca-visually-hidden">{t('next')}</span>
                {next.year}
                <span aria-hidden="true"> →</span>
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
