import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { DocumentRef } from '@tca/contracts';
import { FieldError, fieldClasses } from '@tca/ui/forms';
import { isRejectedToken } from '@tca/ui/api';
import { useT } from '@tca/ui/i18n';
import { richText } from '@tca/ui/i18n/format';
import { uploadDocument } from '../api/upload-document.js';
import { detailsCatalog } from '../messages.js';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_MB, documentProblem, formatBytes, uploadedDocument, uploadFailureText } from '../documents.js';
import styles from './document-field.module.css';

export interface HeldDocument {
  ref: DocumentRef;
  size: number | null;
}

interface DocumentFieldProps {
  label: string;
  /** Several files (supporting documents) or one that a new choice replaces (passport). */
  multiple: boolean;
  /** At most this many files are held. */
  max: number;
  documents: readonly HeldDocument[];
  onChange: (documents: HeldDocument[]) => void;
  token: string;
  /** Uploads in flight (PAY NOW waits for them). */
  onBusyChange: (busy: boolean) => void;
  /** The server no longer accepts the login. */
  onSessionEnded: () => void;
}

/**
 * A document upload (spec §3 passport and supporting documents): each chosen file is checked for
 * type and size, then stored by the server at once (POST /membership/documents); the list shows
 * what is held, each with a Remove button. Problems appear under the field; progress is announced.
 */
export function DocumentField({ label, multiple, max, documents, onChange, token, onBusyChange, onSessionEnded }: DocumentFieldProps) {
  const t = useT(detailsCatalog);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [errors, setErrors] = useState<string[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  // The latest list, for uploads that finish after a re-render.
  const documentsRef = useRef(documents);
  useEffect(() => {
    documentsRef.current = documents;
  }, [documents]);
  const full = multiple && documents.length >= max;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    // Let the same file be chosen again after a failure or a removal.
    input.value = '';
    if (files.length === 0) return;
    const room = multiple ? Math.max(0, max - documentsRef.current.length) : 1;
    const problems: string[] = [];
    if (files.length > room) problems.push(t(multiple ? 'doc.tooMany' : 'doc.tooManyOne', { max, extra: files.length - room }));
    setUploading(files[0]?.name ?? null);
    onBusyChange(true);
    let held = multiple ? [...documentsRef.current] : [];
    for (const file of files.slice(0, room)) {
      const problem = documentProblem(file);
      if (problem) {
        problems.push(problem);
        continue;
      }
      setUploading(file.name);
      const result = await uploadDocument(file, token);
      if (isRejectedToken(result)) {
        onBusyChange(false);
        onSessionEnded();
        return;
      }
      const uploaded = result.kind === 'ok' ? uploadedDocument(result.body) : null;
      if (result.kind !== 'ok') problems.push(uploadFailureText(file.name, result));
      else if (!uploaded) problems.push(t('doc.failed', { file: file.name }));
      else {
        held = multiple ? [...held.filter((doc) => doc.ref.id !== uploaded.ref.id), { ref: uploaded.ref, size: uploaded.size ?? file.size }] : [{ ref: uploaded.ref, size: uploaded.size ?? file.size }];
        onChange(held);
      }
    }
    setUploading(null);
    onBusyChange(false);
    setErrors(problems);
  };

  const remove = (docId: string) => {
    onChange(documents.filter((doc) => doc.ref.id !== docId));
    setErrors([]);
  };

  const describedBy = [errors.length > 0 ? errorId : null, hintId].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className={`${fieldClasses.control} ${styles.input}`}
        accept={DOCUMENT_ACCEPT}
        multiple={multiple}
        disabled={uploading !== null || full}
        aria-describedby={describedBy}
        {...(errors.length > 0 ? { 'aria-invalid': true } : {})}
        onChange={(event) => void onFiles(event)}
      />
      {errors.length > 0 ? (
        <FieldError id={errorId}>
          {errors.map((text) => (
            <span key={text} className={styles.errorLine}>
              {text}
            </span>
          ))}
        </FieldError>
      ) : null}
      <p id={hintId} className={styles.hint}>
        {/* The formats' names are English words. */}
        {richText(t('doc.hint', { mb: DOCUMENT_MAX_MB }), { 0: (formats) => <span lang="en">{formats}</span> })}
        {multiple ? t('doc.upTo', { max }) : t('doc.replaces')}
        {full ? t('doc.full') : ''}
      </p>
      <p className={styles.status} role="status">
        {uploading ? t('doc.uploading', { file: uploading }) : ''}
      </p>
      {documents.length > 0 ? (
        <ul className={styles.list} aria-label={t('doc.attached', { label })}>
          {documents.map((doc) => (
            <li key={doc.ref.id} className={styles.item}>
              <span className={styles.fileName}>{doc.ref.fileName}</span>
              {doc.size !== null ? <span className={styles.size}>{formatBytes(doc.size)}</span> : null}
              <button type="button" className={styles.remove} onClick={() => remove(doc.ref.id)} disabled={uploading !== null}>
                {t('doc.remove')}
                <span className="tca-visually-hidden"> {doc.ref.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
