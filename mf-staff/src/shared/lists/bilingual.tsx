import type { ReactNode } from 'react';
import { Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { listsCatalog, tamilLabel, type TamilWord } from './messages.js';
import styles from './bilingual.module.css';

/** An English field and its Tamil version side by side (stacked on a phone). */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className={styles.pair}>{children}</div>;
}

interface TamilFieldProps {
  /** The field's Tamil name: the label is "தலைப்பு (Tamil)" on an English page, "தலைப்பு (தமிழில்)" on a Tamil one. */
  word: TamilWord;
  value: string;
  maxLength: number;
  error?: string | undefined;
  onChange: (value: string) => void;
  /** A textarea of this many rows; an input without. */
  rows?: number;
}

/**
 * The Tamil version of a content field: optional, the English field's limit, typed in Tamil (`lang="ta"`
 * on the control whatever the page's language); left blank, the public page shows the English. Its label
 * names the field in Tamil on every page (and says Tamil): the editor writing it reads Tamil, and the
 * English field's name stays the English field's alone.
 */
export function TamilField({ word, value, maxLength, error, onChange, rows }: TamilFieldProps) {
  const t = useT(listsCatalog);
  return (
    <Field label={tamilLabel(t, word)} error={error} hint={t('tamil.hint')}>
      {(control) =>
        rows ? (
          <textarea {...control} lang="ta" className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={rows} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...control} lang="ta" className={fieldClasses.control} value={value} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}
