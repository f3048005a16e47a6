import { useCallback, useEffect, useState } from 'react';
import { ALBUM_NAME_MAX, paths, type StaleAlbumAnswer, type StaffAlbum } from '@tca/contracts';
import { notify, Page } from '@tca/ui';
import { Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { translator, useT } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';
import { Link, useNavigate } from '@tca/ui/router';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { FieldPair, TamilField } from '../../../shared/lists/bilingual.js';
import { fieldMessage } from '../../../shared/lists/field-message.js';
import { fieldsNeedAChange, listsCatalog, useShownLang, tamilLabel } from '../../../shared/lists/messages.js';
import { EditorButtons, EditorOutcome, readChangeFailure, StaleNotice, useStaleEditing } from '../../../shared/stale-editing.js';
import { galleryCatalog, shownGalleryText } from '../messages.js';
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

  const t = useT(galleryCatalog);
  const tl = useT(listsCatalog);
  const lang = useShownLang();
  const labels = { Name: t('field.name'), Date: t('field.date'), 'Tamil name': tamilLabel(tl, 'ta.name') };
  const errorOf = (field: AlbumField) => (errors[field] === undefined ? undefined : fieldMessage(errors[field], labels, shownGalleryText));

  /** A newer copy of the album from any answer (uploads finish in any order: the later version wins). */
  const setAlbum = useCallback((next: StaffAlbum) => setAlbumState((now) => laterAlbum(now, next)), []);

  const showFailure = useCallback(
    ({ result, stale: staleAnswer, title }: ChangeFailure) => {
      const view = readChangeFailure(result, staleAnswer, ALBUM_FIELDS);
      if (view.kind === 'stale') {
        setStale(view.stale);
        setFailure(null);
        notify.error(translator(galleryCatalog)('toast.stale'));
      } else {
        if (view.kind === 'fields') setErrors(view.fields);
        setFailure({ title, text: view.text });
        notify.error(translator(galleryCatalog)('failed.toast', { title }));
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
      setFailure({ title: t('failed.save'), text: fieldsNeedAChange() });
      focusOutcome();
      return;
    }
    const request = checked.request;
    setErrors({});
    await withToken(async (token) => {
      const { result, stale: staleAnswer } = album ? await updateAlbum(token, album.key, { ...request, version: album.version }) : { result: await createAlbum(token, request), stale: null };
      if (result.kind !== 'ok') {
        showFailure({ result, stale: staleAnswer, title: t('failed.save') });
        return;
      }
      if (!result.answer) {
        setFailure({ title: t('failed.save'), text: t('answer.unknown') });
        return;
      }
      const saved = result.answer.album;
      setAlbumState(saved);
      setDraft(draftOfAlbum(saved));
      setStale(null);
      notify.success(shownGalleryText(result.answer.message ?? t('msg.saved')));
      if (!album) void navigate(albumEditorPath(saved.key), { replace: true });
    });
  }

  async function remove() {
    if (!album) return;
    const change = await withToken((token) => deleteAlbum(token, album.key, album.version));
    setConfirmDelete(false);
    if (!change) return;
    const { result, stale: staleAnswer } = change;
    if (result.kind !== 'ok') return showFailure({ result, stale: staleAnswer, title: t('failed.delete') });
    notify.success(shownGalleryText(result.answer?.message ?? t('msg.deleted')));
    void navigate(paths.staffGallery);
  }

  return (
    <Page
      title={album ? t('edit.title', { name: pickText(album.name, album.ta?.name, lang).text }) : t('new.title')}
      lead={album ? t('edit.lead', { date: album.date, photos: album.photos.length }) : t('new.lead')}
    >
      <p className={styles.actions}>
        <Link to={paths.staffGallery} className={styles.secondary}>
          {t('back')}
        </Link>
      </p>
      <EditorOutcome notice={stale ? <StaleAlbumNotice stale={stale} onReload={() => reload?.()} /> : null} failure={failure ? { title: failure.title, text: shownGalleryText(failure.text) } : null} outcome={outcome} />
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
          {t('details')}
        </h2>
        <RequiredNote />
        <FieldPair>
          <Field label={t('field.name')} required error={errorOf('name')}>
            {(control) => <input {...control} className={fieldClasses.control} value={draft.name} maxLength={ALBUM_NAME_MAX} onChange={(e) => setDraft((now) => ({ ...now, name: e.target.value }))} />}
          </Field>
          <TamilField word="ta.name" value={draft.taName} maxLength={ALBUM_NAME_MAX} error={errorOf('ta.name')} onChange={(value) => setDraft((now) => ({ ...now, taName: value }))} />
        </FieldPair>
        <Field label={t('field.date')} required error={errorOf('date')} hint={t('field.dateHint')}>
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.date} onChange={(e) => setDraft((now) => ({ ...now, date: e.target.value }))} />}
        </Field>
        <EditorButtons busy={busy} saveLabel={album ? t('save') : t('create')} remove={album ? { label: t('delete'), onClick: () => setConfirmDelete(true) } : undefined} />
      </form>
      {album ? (
        <>
          <PhotoUploader albumKey={album.key} onUploaded={setAlbum} />
          <AlbumPhotos album={album} onChanged={setAlbum} onFailure={showFailure} />
        </>
      ) : null}
      {confirmDelete && album ? (
        <ConfirmDialog
          title={t('delete.title', { name: album.name })}
          written={album.name}
          description={t('delete.text', { photos: album.photos.length })}
          confirmLabel={t('delete.confirm')}
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
  const t = useT(galleryCatalog);
  return (
    <StaleNotice
      title={t('stale.title')}
      changed={changedText(stale.changed)}
      updatedAt={current.updatedAt}
      summary={t('stale.summary', { name: current.name, photos: current.photoCount })}
      reloadNote="."
      onReload={onReload}
    />
  );
}
