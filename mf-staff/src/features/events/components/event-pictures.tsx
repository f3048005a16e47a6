import { useRef, useState } from 'react';
import { COVER_ACCEPT, EVENT_IMAGE_ALT_MAX, EVENT_IMAGES_MAX, type StaffEventImage } from '@tca/contracts';
import { Field, fieldClasses } from '@tca/ui/forms';
import { useT } from '@tca/ui/i18n';
import { eventsCatalog } from '../messages.js';
import { useShownLang } from '../../../shared/lists/messages.js';
import { movedImage, type EventErrors } from '../event-form.js';
import staff from '../../../shared/staff.module.css';
import styles from '../events.module.css';

interface EventPicturesProps {
  images: readonly StaffEventImage[];
  errors: EventErrors;
  busy: boolean;
  /** False for an event not saved yet (pictures are added to a saved event). */
  canAdd: boolean;
  onChange: (images: StaffEventImage[]) => void;
  /** Uploads one picture with its alt text; true when it was added (the field is then cleared). */
  onAdd: (picture: { file: File; alt: string }) => Promise<boolean>;
}

/**
 * The event's pictures in slideshow order: each with its alt text, Move earlier / Move later (keyboard and
 * pointer alike) and Remove; the order, alt texts and removals are saved with Save. Adding uploads at once.
 */
export function EventPictures({ images, errors, busy, canAdd, onChange, onAdd }: EventPicturesProps) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [note, setNote] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const full = images.length >= EVENT_IMAGES_MAX;
  const t = useT(eventsCatalog);
  // Alt texts are content, written in English: marked so on a Tamil page.
  const englishPart = useShownLang() === 'en' ? undefined : 'en';

  const move = (index: number, by: -1 | 1, name: string) => {
    onChange(movedImage(images, index, by));
    setNote(t('picture.moved', { name, position: index + by + 1, count: images.length }));
  };

  return (
    <fieldset className={styles.pictureSet}>
      <legend className={`${staff.sectionTitle} ${styles.pictureLegend}`}>{t('pictures.legend')}</legend>
      <p className={staff.muted}>{t('pictures.lead')}</p>
      <p className="tca-visually-hidden" aria-live="polite">
        {note}
      </p>
      {images.length === 0 ? <p>{t('pictures.none')}</p> : null}
      <ol className={styles.pictures}>
        {images.map((image, index) => {
          const name = t('picture.name', { n: index + 1 });
          return (
            <li key={image.file} className={styles.picture}>
              <img className={styles.thumb} src={image.url} alt={image.alt} lang={englishPart} width={image.width} height={image.height} />
              <Field label={t('picture.alt', { name })} required error={errors[`images.${index}`]} hint={t('picture.altHint')}>
                {(control) => (
                  <input
                    {...control}
                    className={fieldClasses.control}
                    value={image.alt}
                    maxLength={EVENT_IMAGE_ALT_MAX}
                    onChange={(e) => onChange(images.map((one, at) => (at === index ? { ...one, alt: e.target.value } : one)))}
                  />
                )}
              </Field>
              <div className={styles.pictureActions}>
                <button type="button" className={staff.secondary} disabled={busy || index === 0} onClick={() => move(index, -1, name)}>
                  {t('picture.earlier')}<span className="tca-visually-hidden"> ({name})</span>
                </button>
                <button type="button" className={staff.secondary} disabled={busy || index === images.length - 1} onClick={() => move(index, 1, name)}>
                  {t('picture.later')}<span className="tca-visually-hidden"> ({name})</span>
                </button>
                <button
                  type="button"
                  className={`${staff.secondary} ${staff.danger}`}
                  disabled={busy}
                  onClick={() => {
                    onChange(images.filter((_, at) => at !== index));
                    setNote(t('picture.removed', { name }));
                  }}
                >
                  {t('picture.remove')}<span className="tca-visually-hidden"> {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {canAdd ? (
        <div className={styles.addPicture}>
          <Field label={t('picture.add')} hint={full ? t('picture.full', { max: EVENT_IMAGES_MAX }) : t('picture.addHint')}>
            {(control) => <input {...control} ref={fileInput} type="file" accept={COVER_ACCEPT} disabled={full} className={fieldClasses.control} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
          </Field>
          <Field label={t('picture.newAlt')} hint={t('picture.newAltHint')}>
            {(control) => <input {...control} className={fieldClasses.control} value={alt} maxLength={EVENT_IMAGE_ALT_MAX} disabled={full} onChange={(e) => setAlt(e.target.value)} />}
          </Field>
          <p className={staff.actions}>
            <button
              type="button"
              className="tca-button"
              aria-disabled={busy || !file || full || undefined}
              onClick={() => {
                if (busy || !file || full) return;
                void onAdd({ file, alt }).then((added) => {
                  if (!added) return;
                  setFile(null);
                  setAlt('');
                  if (fileInput.current) fileInput.current.value = '';
                });
              }}
            >
              {t('picture.upload')}
            </button>
          </p>
        </div>
      ) : (
        <p className={staff.muted}>{t('picture.saveFirst')}</p>
      )}
    </fieldset>
  );
}
