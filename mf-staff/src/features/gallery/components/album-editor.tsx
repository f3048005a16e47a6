import { useCallback, useEffect, useState } from 'react';
import { ALBUM_DELETED_MESSAGE, ALBUM_NAME_MAX, paths, type StaleAlbumAnswer, type StaffAlbum } from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import { Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { Link, useNavigate } from '@tca/ui/router';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { EditorButtons, EditorOutcome, FIELDS_NEED_A_CHANGE, readChangeFailure, StaleNotice, useStaleEditing } from '../../../shared/stale-editing.js';
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
  const { stale, setStale, busy, withToken, confirmDelete, setConfirmDelete, outcome, focusOutcome } = useStaleEditing<StaleAlbumAnswer>();

  useEffect(() => {
    setAlbumState(loaded);
    setDraft(draftOfAlbum(loaded));
    setStale(null);
    setErrors({});
    setFailure(null);
  }, [loaded, setStale]);

  /** A newer copy of the album from any answer (uploads finish in any order: the later version wins). */
  const setAlbum = useCallback((next: StaffAlbum) => setAlbumState((now) => laterAlbum(now, next)), []);

  const showFailure = useCallback(
    ({ result, stale: staleAnswer, title }: ChangeFailure) => {
      const view = readChangeFailure(result, staleAnswer, ALBUM_FIELDS);
      if (view.kind === 'stale') {
        setStale(view.stale);
        setFailure(null);
        notify.error('Someone changed this album since you opened it.');
      } else {
        if (view.kind === 'fields') setErrors(view.fields);
        setFailure({ title, text: view.text });
        notify.error(`${title}.`);
      }
      focusOutcome();
    },
    [setStale, focusOutcome],
  );

  async function save() {
    const checked = checkAlbum(draft);
    setFailure(null);
    if (!checked.request) {
      setErrors(checked.errors);
      setFailure({ title: 'The album was not saved', text: FIELDS_NEED_A_CHANGE });
      focusOutcome();
      return;
    }
    const request = checked.request;
    setErrors({});
    await withToken(async (token) => {
      const { result, stale: staleAnswer } = album ? await updateAlbum(token, album.key, { ...request, version: album.version }) : { result: await createAlbum(token, request), stale: null };
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
    });
  }

  async function remove() {
    if (!album) return;
    const change = await withToken((token) => deleteAlbum(token, album.key, album.version));
    setConfirmDelete(false);
    if (!change) return;
    const { result, stale: staleAnswer } = change;
    if (result.kind !== 'ok') return showFailure({ result, stale: staleAnswer, title: 'The album was not deleted' });
    notify.success(result.answer?.message ?? ALBUM_DELETED_MESSAGE);
    void navigate(paths.staffGallery);
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
      <EditorOutcome notice={stale ? <StaleAlbumNotice stale={stale} onReload={() => reload?.()} /> : null} failure={failure} outcome={outcome} />
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
        <EditorButtons busy={busy} saveLabel={album ? 'Save' : 'Create album'} remove={album ? { label: 'Delete album', onClick: () => setConfirmDelete(true) } : undefined} />
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
  const { current } = stale;
  return (
    <StaleNotice
      thing="album"
      changed={changedText(stale.changed)}
      updatedAt={current.updatedAt}
      summary={`“${current.name}”, ${current.photoCount} ${current.photoCount === 1 ? 'photo' : 'photos'}`}
      reloadNote="."
      onReload={onReload}
    />
  );
}
