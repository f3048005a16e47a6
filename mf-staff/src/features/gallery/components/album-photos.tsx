import { useEffect, useState } from 'react';
import { PHOTO_ALT_MAX, type StaffAlbum, type StaffPhoto } from '@tca/contracts';
import { notify } from '@tca/ui';
import { Field, fieldClasses } from '@tca/ui/forms';
import { translator, useT } from '@tca/ui/i18n';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { OrderingList } from '../../../shared/ordering-list.js';
import { useStaffAction } from '../../../shared/use-staff-action.js';
import { removePhoto, reorderPhotos, setPhotoAlt } from '../api/album-calls.js';
import { moveItem, type ChangeFailure } from '../album-form.js';
import { galleryCatalog, shownGalleryText } from '../messages.js';
import styles from '../../../shared/staff.module.css';
import gallery from '../gallery.module.css';

interface AlbumPhotosProps {
  album: StaffAlbum;
  onChanged: (album: StaffAlbum) => void;
  onFailure: (failure: ChangeFailure) => void;
}

/** How a photo is named in buttons and announcements: its alt text, else its place. */
function photoName(album: StaffAlbum, photo: StaffPhoto): string {
  return photo.alt || translator(galleryCatalog)('photo.unnamed', { n: album.photos.findIndex((p) => p.id === photo.id) + 1 });
}

/**
 * The album's photos in their public order: each with its picture, its alt text (Save alt text), Move up /
 * Move down and a drag handle (the shared OrderingList), and Remove with a confirmation. A move shows at
 * once and is saved with the album's version; refused, the order goes back.
 */
export function AlbumPhotos({ album, onChanged, onFailure }: AlbumPhotosProps) {
  const { busy, run } = useStaffAction();
  const t = useT(galleryCatalog);
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
      if (change.result.kind !== 'ok') onFailure({ result: change.result, stale, title: t('failed.order') });
      return change.result;
    });
    if (outcome.ok && outcome.answer) onChanged(outcome.answer.album);
    else setOrder(before);
  }

  async function saveAlt(photo: StaffPhoto) {
    const alt = alts[photo.id] ?? photo.alt;
    const outcome = await run(async (token) => {
      const result = await setPhotoAlt(token, album.key, photo.id, alt);
      if (result.kind !== 'ok') onFailure({ result, stale: null, title: t('failed.alt') });
      return result;
    });
    if (outcome.ok && outcome.answer) {
      onChanged(outcome.answer.album);
      setAlts((now) => Object.fromEntries(Object.entries(now).filter(([id]) => id !== photo.id)));
      notify.success(shownGalleryText(outcome.answer.message ?? t('msg.altSaved')));
    }
  }

  async function remove(photo: StaffPhoto) {
    const outcome = await run(async (token) => {
      const result = await removePhoto(token, album.key, photo.id);
      if (result.kind !== 'ok') onFailure({ result, stale: null, title: t('failed.remove') });
      return result;
    });
    setRemoving(null);
    if (outcome.ok && outcome.answer) {
      onChanged(outcome.answer.album);
      notify.success(shownGalleryText(outcome.answer.message ?? t('msg.photoRemoved')));
    }
  }

  return (
    <section className={styles.section} aria-labelledby="photos-title">
      <h2 id="photos-title" className={styles.sectionTitle}>
        {t('photos.count', { n: order.length })}
      </h2>
      {order.length === 0 ? (
        <p className={styles.muted}>{t('photos.none')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('photos.lead')}</p>
          <OrderingList
            items={order}
            keyOf={(photo) => photo.id}
            nameOf={(photo) => photoName(album, photo)}
            label={t('photos.list')}
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
                    <Field label={t('field.alt')} hint={photo.alt ? t('photo.altHint') : t('photo.altMissing')}>
                      {(control) => (
                        <input {...control} className={fieldClasses.control} value={value} maxLength={PHOTO_ALT_MAX} onChange={(e) => setAlts((now) => ({ ...now, [photo.id]: e.target.value }))} />
                      )}
                    </Field>
                    <p className={styles.actions}>
                      <button type="submit" className={styles.secondary} aria-disabled={busy || value.trim() === photo.alt || undefined} aria-label={t('photo.saveAltNamed', { name })}>
                        {t('photo.saveAlt')}
                      </button>
                      <button type="button" className={`${styles.secondary} ${styles.danger}`} disabled={busy} aria-label={t('photo.removeNamed', { name })} onClick={() => setRemoving(photo)}>
                        {t('photo.remove')}
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
          title={t('photo.removeTitle')}
          description={t('photo.removeText', { name: photoName(album, removing) })}
          confirmLabel={t('photo.removeConfirm')}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}
