import { useCallback, useEffect, useRef, useState } from 'react';
import { ALBUM_DELETED_MESSAGE, ALBUM_NAME_MAX, paths, type StaleAlbumAnswer, type StaffAlbum } from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import { isRejectedToken } from '@tca/ui/api';
import { Banner, Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { Link, useNavigate } from '@tca/ui/router';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { failureText } from '../../../shared/failure-text.js';
import { createAlbum, deleteAlbum, updateAlbum } from '../api/album-calls.js';
import { ALBUM_FIELDS, changedText, checkAlbum, draftOfAlbum, laterAlbum, type AlbumDraft, type AlbumField, type ChangeFailure } from '../album-form.js';
import { AlbumPhotos } from './album-photos.js';
import { albumEditorPath } from './albums-list.js';
import { PhotoUploader } from './photo-uploader.js';
import styles from '../../../shared/staff.module.css';

interface AlbumEditorProps {
  /** The album as loaded, or null for a new one. */
  album: StaffAlbum | null;
  /** Loads the album again (after a stale answer). */
  reload?: () => void;
}

/**
 * The editor of one album: its name and date (Save, Delete album), and once it exists its photos: upload
 * many at once with each file's progress, alt text per photo, the order (Move buttons or drag) and Remove.
 */
export function AlbumEditor({ album: loaded, reload }: AlbumEditorProps) {
  const navigate = useNavigate();
  const [album, setAlbumState] = useState<StaffAlbum | null>(loaded);
  const [draft, setDraft] = useState<AlbumDraft>(() => draftOfAlbum(loaded));
  const [errors, setErrors] = useState<Partial<Record<AlbumField, string>>>({});
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const [stale, setStale] = useState<StaleAlbumAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setAlbumState(loaded);
    setDraft(draftOfAlbum(loaded));
    setStale(null);
    setErrors({});
    setFailure(null);
  }, [loaded]);

  /** A newer copy of the album from any answer (uploads finish in any order: the later version wins). */
  const setAlbum = useCallback((next: StaffAlbum) => setAlbumState((now) => laterAlbum(now, next)), []);

  const showFailure = useCallback(({ result, stale: staleAnswer, title }: ChangeFailure) => {
    if (isRejectedToken(result)) void endSession('rejected');
    if (result.kind === 'http' && result.status === 409 && staleAnswer) {
      setStale(staleAnswer);
      setFailure(null);
      notify.error('Someone changed this album since you opened it.');
    } else if (result.kind === 'http' && result.status === 400 && result.error?.fields) {
      const { fields, others } = splitFieldMessages(result.error, ALBUM_FIELDS);
      setErrors(fields);
      setFailure({ title, text: others.length > 0 ? others.join(' ') : 'Some fields need a change: see the messages under them.' });
      notify.error(`${title}.`);
    } else {
      setFailure({ title, text: failureText(result) });
      notify.error(`${title}.`);
    }
    queueMicrotask(() => outcome.current?.focus());
  }, []);

  async function save() {
    const checked = checkAlbum(draft);
    setFailure(null);
    if (!checked.request) {
      setErrors(checked.errors);
      setFailure({ title: 'The album was not saved', text: 'Some fields need a change: see the messages under them.' });
      queueMicrotask(() => outcome.current?.focus());
      return;
    }
    setErrors({});
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return;
    }
    setBusy(true);
    try {
      const { result, stale: staleAnswer } = album
        ? await updateAlbum(token, album.key, { ...checked.request, version: album.version })
        : { result: await createAlbum(token, checked.request), stale: null };
      if (result.kind !== 'ok') {
        showFailure({ result, stale: staleAnswer, title: 'The album was not saved' });
        return;
      }
      if (!result.answer) {
        setFailure({ title: 'The album was not saved', text: 'The server sent an answer this page does not understand. Reload the album.' });
        return;
      }
      const saved = result.answer.album;
      setAlbumState(saved);
      setDraft(draftOfAlbum(saved));
      setStale(null);
      notify.success(result.answer.message ?? 'Album saved.');
      if (!album) void navigate(albumEditorPath(saved.key), { replace: true });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    const token = readToken();
    if (!album || !token) return;
    setBusy(true);
    try {
      const { result, stale: staleAnswer } = await deleteAlbum(token, album.key, album.version);
      setConfirmDelete(false);
      if (result.kind !== 'ok') {
        showFailure({ result, stale: staleAnswer, title: 'The album was not deleted' });
        return;
      }
      notify.success(result.answer?.message ?? ALBUM_DELETED_MESSAGE);
      void navigate(paths.staffGallery);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page
      title={album ? `Album: ${album.name}` : 'New album'}
      lead={album ? `${album.date} · ${album.photos.length === 1 ? '1 photo' : `${album.photos.length} photos`} · on the public gallery` : 'Name the album and give its date; then add its photos.'}
    >
      <p className={styles.actions}>
        <Link to={paths.staffGallery} className={styles.secondary}>
          Back to the gallery
        </Link>
      </p>
      <div aria-live="polite">
        {stale ? <StaleAlbumNotice stale={stale} onReload={() => reload?.()} /> : null}
        {failure ? (
          <Banner ref={outcome} tone="error" title={failure.title}>
            <p>{failure.text}</p>
          </Banner>
        ) : null}
      </div>
      <form
        noValidate
        className={styles.section}
        aria-labelledby="album-details-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void save();
        }}
      >
        <h2 id="album-details-title" className={styles.sectionTitle}>
          Album details
        </h2>
        <RequiredNote />
        <Field label="Name" required error={errors.name}>
          {(control) => <input {...control} className={fieldClasses.control} value={draft.name} maxLength={ALBUM_NAME_MAX} onChange={(e) => setDraft((now) => ({ ...now, name: e.target.value }))} />}
        </Field>
        <Field label="Date" required error={errors.date} hint="The day of the event; the gallery lists albums newest first.">
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.date} onChange={(e) => setDraft((now) => ({ ...now, date: e.target.value }))} />}
        </Field>
        <p className={styles.actions}>
          <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
            {busy ? 'Saving...' : album ? 'Save' : 'Create album'}
          </button>
          {album ? (
            <button type="button" className={`${styles.secondary} ${styles.danger}`} disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete album
            </button>
          ) : null}
        </p>
      </form>
      {album ? (
        <>
          <PhotoUploader albumKey={album.key} onUploaded={setAlbum} />
          <AlbumPhotos album={album} onChanged={setAlbum} onFailure={showFailure} />
        </>
      ) : null}
      {confirmDelete && album ? (
        <ConfirmDialog
          title={`Delete "${album.name}"?`}
          description={`The album and its ${album.photos.length === 1 ? 'photo' : `${album.photos.length} photos`} leave the public gallery. This cannot be undone.`}
          confirmLabel="Delete the album"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      ) : null}
    </Page>
  );
}

/** A 409: someone changed the album after it was opened here. */
export function StaleAlbumNotice({ stale, onReload }: { stale: StaleAlbumAnswer; onReload: () => void }) {
  const what = changedText(stale.changed);
  return (
    <Banner tone="error" title="Someone changed this album since you opened it">
      <p>
        {what ? `They changed the ${what}. ` : ''}Their version is from {new Date(stale.current.updatedAt).toLocaleString('en-AU')} (&ldquo;{stale.current.name}&rdquo;, {stale.current.photoCount}{' '}
        {stale.current.photoCount === 1 ? 'photo' : 'photos'}). Reload to see it, then make your change again.
      </p>
      <p className={styles.actions}>
        <button type="button" className="tca-button" onClick={onReload}>
          Reload
        </button>
      </p>
    </Banner>
  );
}
