import { useId } from 'react';
import { ANNOUNCEMENT_ENDING_DAYS_MAX, MEMBERSHIP_LEVEL_NAMES, type MembershipLevelName } from '@tca/contracts';
import { fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { kindLabel, levelLabel, SEGMENT_KINDS, type ComposeDraft, type SegmentKind } from '../announcement-form.js';
import { announcementsCatalog } from '../messages.js';
import styles from '../../../shared/staff.module.css';
import own from '../announcements.module.css';

interface SegmentPickerProps {
  draft: ComposeDraft;
  error: string | undefined;
  /** The recipient count's sentence (a live region announces it). */
  recipients: string;
  onChange: (change: Partial<Pick<ComposeDraft, 'kind' | 'level' | 'days'>>) => void;
}

/** Who receives it: three radio buttons, the level or the days next to the one that needs it, and the count. */
export function SegmentPicker({ draft, error, recipients, onChange }: SegmentPickerProps) {
  const id = useId();
  const t = useT(announcementsCatalog);
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  return (
    <fieldset className={styles.checks} aria-describedby={[error ? errorId : '', countId].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined}>
      <legend>{t('compose.segment')}</legend>
      {SEGMENT_KINDS.map((kind: SegmentKind) => (
        <div key={kind} className={styles.check}>
          <input type="radio" id={`${id}-${kind}`} name={`${id}-segment`} value={kind} checked={draft.kind === kind} onChange={() => onChange({ kind })} />
          <label htmlFor={`${id}-${kind}`}>{kindLabel(kind)}</label>
          {kind === 'level' && draft.kind === 'level' ? (
            <div className={own.segmentDetail}>
              <label htmlFor={`${id}-level-select`}>{t('compose.level')}</label>
              <select
                id={`${id}-level-select`}
                className={`${fieldClasses.control} ${fieldClasses.select}`}
                value={draft.level}
                onChange={(e) => onChange({ level: e.target.value as MembershipLevelName })}
              >
                {MEMBERSHIP_LEVEL_NAMES.map((level) => (
                  <option key={level} value={level}>
                    {levelLabel(level)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {kind === 'ending-within' && draft.kind === 'ending-within' ? (
            <div className={own.segmentDetail}>
              <label htmlFor={`${id}-days-input`}>{t('compose.days')}</label>
              <input
                id={`${id}-days-input`}
                className={`${fieldClasses.control} ${own.days}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={ANNOUNCEMENT_ENDING_DAYS_MAX}
                value={draft.days}
                onChange={(e) => onChange({ days: e.target.value })}
              />
            </div>
          ) : null}
        </div>
      ))}
      {error ? (
        <p id={errorId} className={styles.checksError}>
          {error}
        </p>
      ) : null}
      <p id={countId} className={own.count} role="status">
        {recipients}
      </p>
    </fieldset>
  );
}
