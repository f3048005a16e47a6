import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { COVER_ACCEPT, type StaffAlbum } from '@tca/contracts';
import { notify } from '@tca/ui';
import { isRejectedToken } from '@tca/ui/api';
import { fieldClasses } from '@tca/ui/forms';
import { translator, useT } from '@tca/ui/i18n';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { uploadPhoto } from '../api/upload-photo.js';
import { fileProblem, queueSummary, sizeText, uploadFailureText, type QueuedUpload } from '../album-form.js';
import { galleryCatalog, shownGalleryText } from '../messages.js';
import { sharedCatalog } from '../../../shared/messages.js';
import styles from '../../../shared/staff.module.css';
import gallery from '../gallery.module.css';

/** Files sent at the same time; the rest wait their turn. */
export const PARALLEL_UPLOADS = 2;

interface PhotoUploaderProps {
  albumKey: string;
  /** The album after a photo was added. */
  onUploaded: (album: StaffAlbum) => void;
}

/**
 * Add photos: a file input for many files and a drop zone around it. Each file gets a row with its own
 * progress bar (a labelled <progress>) and, when it fails, the server's reason (too big, not a picture);
 * a polite live region says how the whole upload stands.
 */
export function PhotoUploader({ albumKey, onUploaded }: PhotoUploaderProps) {
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const files = useRef(new Map<string, File>());
  const running = useRef(new Set<string>());
  const input = useRef<HTMLInputElement>(null);
  const unmounted = useRef(new AbortController());
  const inputId = useId();
  const hintId = useId();
  const t = useT(galleryCatalog);

  useEffect(() => {
    const controller = unmounted.current;
    return () => controller.abort();
  }, []);

  const update = (id: string, change: Partial<QueuedUpload>) => setQueue((now) => now.map((item) => (item.id === id ? { ...item, ...change } : item)));

  // Starts waiting files while fewer than PARALLEL_UPLOADS are on their way.
  useEffect(() => {
    const token = readToken();
    for (const item of queue) {
      if (running.current.size >= PARALLEL_UPLOADS) break;
      if (item.state !== 'waiting' || running.current.has(item.id)) continue;
      const file = files.current.get(item.id);
      if (!token || !file) {
        update(item.id, { state: 'failed', error: translator(sharedCatalog)('session.ended') });
        continue;
      }
      running.current.add(item.id);
      update(item.id, { state: 'uploading' });
      void uploadPhoto(token, albumKey, file, file.name, (sent) => update(item.id, { sent }), unmounted.current.signal).then((result) => {
        running.current.delete(item.id);
        files.current.delete(item.id);
        if (unmounted.current.signal.aborted) return;
        if (isRejectedToken(result)) void endSession('rejected');
        if (result.kind === 'ok' && result.answer) {
          update(item.id, { state: 'done', sent: 1 });
          onUploaded(result.answer.album);
        } else {
          const tg = translator(galleryCatalog);
          const error = result.kind === 'ok' ? tg('upload.answer') : uploadFailureText(result);
          update(item.id, { state: 'failed', error });
          notify.error(tg('upload.toast', { file: file.name }));
        }
      });
    }
  }, [queue, albumKey, onUploaded]);

  function add(list: FileList | null) {
    if (!list || list.length === 0) return;
    const added: QueuedUpload[] = [...list].map((file) => {
      const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      const problem = fileProblem(file);
      if (!problem) files.current.set(id, file);
      return { id, name: file.name, size: file.size, state: problem ? 'failed' : 'waiting', sent: 0, error: problem };
    });
    setQueue((now) => [...now.filter((item) => item.state === 'waiting' || item.state === 'uploading'), ...added]);
    if (input.current) input.current.value = '';
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <section className={styles.section} aria-labelledby="add-photos-title">
      <h2 id="add-photos-title" className={styles.sectionTitle}>
        {t('upload.title')}
      </h2>
      <div
        className={`${gallery.dropZone} ${dragging ? gallery.dropping : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={inputId} className={gallery.dropLabel}>
          {t('upload.choose')}
        </label>
        <p id={hintId} className={styles.muted}>
          {t('upload.hint')}
        </p>
        <input
          id={inputId}
          ref={input}
          type="file"
          multiple
          accept={COVER_ACCEPT}
          aria-describedby={hintId}
          className={fieldClasses.control}
          onChange={(event) => add(event.target.files)}
        />
      </div>
      {queue.length > 0 ? (
        <ul className={gallery.uploads} aria-label={t('upload.list')}>
          {queue.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      <p className="tca-visually-hidden" role="status" aria-live="polite">
        {queue.some((item) => item.state === 'waiting' || item.state === 'uploading') ? '' : queueSummary(queue)}
      </p>
    </section>
  );
}

function UploadRow({ item }: { item: QueuedUpload }) {
  const id = useId();
  const t = useT(galleryCatalog);
  const percent = Math.round(item.sent * 100);
  const state = item.state === 'done' ? t('upload.added') : item.state === 'failed' ? t('upload.notAdded') : item.state === 'waiting' ? t('upload.waiting') : `${percent}%`;
  return (
    <li className={`${gallery.upload} ${item.state === 'failed' ? gallery.uploadFailed : ''}`}>
      <label htmlFor={id} className={gallery.uploadName}>
        {item.name} <span className={styles.muted}>({sizeText(item.size)})</span>
      </label>
      <progress id={id} max={100} value={item.state === 'failed' ? 0 : percent} aria-valuetext={`${item.name}: ${state}`} />
      <span className={item.state === 'failed' ? gallery.uploadError : item.state === 'done' ? styles.ok : styles.muted}>
        {state}
        {item.error ? `: ${shownGalleryText(item.error)}` : ''}
      </span>
    </li>
  );
}
