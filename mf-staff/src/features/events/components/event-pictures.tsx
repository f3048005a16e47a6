import { useRef, useState } from 'react';
import { COVER_ACCEPT, EVENT_IMAGE_ALT_MAX, EVENT_IMAGES_MAX, type StaffEventImage } from '@tca/contracts';
import { Field, fieldClasses } from '@tca/ui/forms';
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

  const move = (index: number, by: -1 | 1, name: string) => {
    onChange(movedImage(images, index, by));
    setNote(`${name} is now picture ${index + by + 1} of ${images.length}.`);
  };

  return (
    <fieldset className={styles.pictureSet}>
      <legend className={`${staff.sectionTitle} ${styles.pictureLegend}`}>Pictures</legend>
      <p className={staff.muted}>The public page shows them as a slideshow in this order. Changes to the order, alt texts and removals are saved with Save.</p>
      <p className="tca-visually-hidden" aria-live="polite">
        {note}
      </p>
      {images.length === 0 ? <p>No pictures yet.</p> : null}
      <ol className={styles.pictures}>
        {images.map((image, index) => {
          const name = `Picture ${index + 1}`;
          return (
            <li key={image.file} className={styles.picture}>
              <img className={styles.thumb} src={image.url} alt={image.alt} width={image.width} height={image.height} />
              <Field label={`${name}: alt text`} required error={errors[`images.${index}`]} hint="What the picture shows, for people who cannot see it.">
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
                  Move earlier<span className="tca-visually-hidden"> ({name})</span>
                </button>
                <button type="button" className={staff.secondary} disabled={busy || index === images.length - 1} onClick={() => move(index, 1, name)}>
                  Move later<span className="tca-visually-hidden"> ({name})</span>
                </button>
                <button
                  type="button"
                  className={`${staff.secondary} ${staff.danger}`}
                  disabled={busy}
                  onClick={() => {
                    onChange(images.filter((_, at) => at !== index));
                    setNote(`${name} removed; Save to keep the change.`);
                  }}
                >
                  Remove<span className="tca-visually-hidden"> {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {canAdd ? (
        <div className={styles.addPicture}>
          <Field label="Add a picture" hint={full ? `An event keeps at most ${EVENT_IMAGES_MAX} pictures: remove one first.` : 'JPEG, PNG, WebP or SVG, at most 10 MB. It is uploaded at once.'}>
            {(control) => <input {...control} ref={fileInput} type="file" accept={COVER_ACCEPT} disabled={full} className={fieldClasses.control} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
          </Field>
          <Field label="Its alt text" hint="What the new picture shows (the event's name when left empty).">
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
              Upload the picture
            </button>
          </p>
        </div>
      ) : (
        <p className={staff.muted}>Save the event first, then add its pictures.</p>
      )}
    </fieldset>
  );
}
