import { useEffect, useState, type Ref } from 'react';
import { COVER_ACCEPT, type StaffPostCover } from '@tca/contracts';
import { Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { listsCatalog, useShownLang } from './lists/messages.js';
import styles from './image-field.module.css';

interface ImageFieldProps {
  label: string;
  hint: string;
  /** The stored picture, shown until another is chosen. */
  current: StaffPostCover | null;
  /** The file chosen here (not uploaded yet), or null. */
  file: File | null;
  onFile: (file: File | null) => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  /** The alt text field under the picture. */
  alt: { label: string; hint: string; value: string; maxLength: number; error?: string | undefined; onChange: (value: string) => void };
}

/**
 * A picture and its alt text in a staff form (team photo, sponsor logo, …): the stored picture or a preview of
 * the chosen file, a file input limited to the kinds the server takes, and the alt text, required whenever
 * there is a picture. The file is uploaded by the form when it saves.
 */
export function ImageField({ label, hint, current, file, onFile, inputRef, error, alt }: ImageFieldProps) {
  const t = useT(listsCatalog);
  // The stored alt text is content, written in English: marked so on a Tamil page.
  const lang = useShownLang();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const hasPicture = file !== null || current !== null;
  return (
    <>
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          <>
            {previewUrl ? (
              <img className={styles.picture} src={previewUrl} alt={alt.value.trim() || t('image.chosen', { label: label.toLowerCase() })} />
            ) : current ? (
              <img className={styles.picture} src={current.url} alt={current.alt} lang={lang === 'en' ? undefined : 'en'} width={current.width} height={current.height} />
            ) : null}
            <input {...control} ref={inputRef} type="file" accept={COVER_ACCEPT} className={fieldClasses.control} onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
          </>
        )}
      </Field>
      <Field label={alt.label} required={hasPicture} error={alt.error} hint={alt.hint}>
        {(control) => <input {...control} className={fieldClasses.control} value={alt.value} maxLength={alt.maxLength} onChange={(event) => alt.onChange(event.target.value)} />}
      </Field>
    </>
  );
}
