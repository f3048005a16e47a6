import { useEffect, useState } from 'react';
import { PHOTO_ALT_MAX, type StaffAlbum, type StaffPhoto } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Field, fieldClasses } from '@tca/ui/forms';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { OrderingList } from '../../../shared/ordering-list.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { removePhoto, reorderPhotos, setPhotoAlt } from '../api/album-calls.js';
import { moveItem, type ChangeFailure } from '../album-form.js';
import styles from '../../../shared/staff.module.css';
import gallery from '../gallery.module.css';

interface AlbumPhotosProps {
  album: StaffAlbum;
  onChanged: (album: StaffAlbum) => void;
  onFailure: (failure: ChangeFailure) => void;
}

/** How a photo is named in buttons and announcements: its alt text, else its place. */
function photoName(album: StaffAlbum, photo: StaffPhoto): string {
  return photo.alt || `photo ${album.photos.findIndex((p) => p.id === photo.id) + 1} (no alt text yet)`;
}

/**
 * The album's photos in their public order: each with its picture, its alt text (Save alt text), Move up /
 * Move down and a drag handle (the shared OrderingList), and Remove with a confirmation. A move shows at
 * once and is saved with the album's version; refused, the order goes back.
 */
export function AlbumPhotos({ album, onChanged, onFailure }: AlbumPhotosProps) {
  const { busy, run } = useStaffAction();
  const [order, setOrder] = useState<StaffPhoto[]>(album.photos);
  const [alts, setAlts] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<StaffPhoto | null>(null);
  useEffect(() => setOrder(album.photos), [album.photos]);

  async function move(from: number, to: number) {
    const before = order;
    const next = moveItem(order, from, to);
    setOrder(next);
    let stale: ChangeFailure['stale'] = null;
    const outcome = await run(async (token) => {
      const change = await reorderPhotos(token, album.key, next.map((photo) => photo.id), album.version);
      stale = change.stale;
      if (change.result.kind !== 'ok') onFailure({ result: change.result, stale, title: 'The new order was not saved' });
      return change.result;
    });
    if (outcome.ok && outcome.answer) onChanged(outcome.answer.album);
    else setOrder(before);
  }

  async function saveAlt(photo: StaffPhoto) {
    const alt = alts[photo.id] ?? photo.alt;
    const outcome = await run(async (token) => {
      const result = await setPhotoAlt(token, album.key, photo.id, alt);
      if (result.kind !== 'ok') onFailure({ result, stale: null, title: 'The alt text was not saved' });
      return result;
    });
    if (outcome.ok && outcome.answer) {
      onChanged(outcome.answer.album);
      setAlts((now) => Object.fromEntries(Object.entries(now).filter(([id]) => id !== photo.id)));
      notify.success(outcome.answer.message ?? 'Alt text saved.');
    }
  }

  async function remove(photo: StaffPhoto) {
    const outcome = await run(async (token) => {
      const result = await removePhoto(token, album.key, photo.id);
      if (result.kind !== 'ok') onFailure({ result, stale: null, title: 'The photo was not removed' });
      return result;
    });
    setRemoving(null);
    if (outcome.ok && outcome.answer) {
      onChanged(outcome.answer.album);
      notify.success(outcome.answer.message ?? 'Photo removed.');
    }
  }

  return (
    <section className={styles.section} aria-labelledby="photos-title">
      <h2 id="photos-title" className={styles.sectionTitle}>
        {order.length === 1 ? '1 photo' : `${order.length} photos`}
      </h2>
      {order.length === 0 ? (
        <p className={styles.muted}>No photos yet: add them above.</p>
      ) : (
        <>
          <p className={styles.muted}>The gallery shows them in this order. Move them with the buttons, or drag a photo by its handle.</p>
          <OrderingList
            items={order}
            keyOf={(photo) => photo.id}
            nameOf={(photo) => photoName(album, photo)}
            label="Photos in display order"
            disabled={busy}
            onMove={(from, to) => void move(from, to)}
            renderItem={(photo) => {
              const value = alts[photo.id] ?? photo.alt;
              const name = photoName(album, photo);
              return (
                <div className={gallery.photo}>
                  <img className={gallery.photoImage} src={photo.thumbUrl} alt="" width={photo.width} height={photo.height} />
                  <form
                    className={gallery.photoForm}
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (!busy) void saveAlt(photo);
                    }}
                  >
                    <Field label="Alt text" hint={photo.alt ? 'What the photo shows, for people who cannot see it.' : 'Missing: say what the photo shows, for people who cannot see it.'}>
                      {(control) => (
                        <input {...control} className={fieldClasses.control} value={value} maxLength={PHOTO_ALT_MAX} onChange={(e) => setAlts((now) => ({ ...now, [photo.id]: e.target.value }))} />
                      )}
                    </Field>
                    <p className={styles.actions}>
                      <button type="submit" className={styles.secondary} aria-disabled={busy || value.trim() === photo.alt || undefined} aria-label={`Save alt text: ${name}`}>
                        Save alt text
                      </button>
                      <button type="button" className={`${styles.secondary} ${styles.danger}`} disabled={busy} aria-label={`Remove: ${name}`} onClick={() => setRemoving(photo)}>
                        Remove
                      </button>
                    </p>
                  </form>
                </div>
              );
            }}
          />
        </>
      )}
      {removing ? (
        <ConfirmDialog
          title="Remove this photo?"
          description={`${photoName(album, removing)} leaves the album and the public gallery. To have it back, upload it again.`}
          confirmLabel="Remove the photo"
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
