import { useId, useRef, useState } from 'react';
import { notify } from '@tca/ui';
import { Banner, Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { isRejectedToken, type FailedResult } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { ImageField } from '../../../shared/image-field.js';
import { failureText } from '../../../shared/failure-text.js';
import { createItem, updateItem, uploadPicture } from '../api/ordered-api.js';
import { changedText, checkDraft, formFieldNames } from '../item-form.js';
import { ALT_MAX, type Draft, type ListItem, type ListKind } from '../list-kinds.js';
import styles from '../../../shared/staff.module.css';

interface ItemDialogProps<I extends ListItem> {
  kind: ListKind<I>;
  /** The item to edit, or null to add one. */
  item: I | null;
  /** After a save: the item as stored (with its new picture). */
  onSaved: (item: I) => void;
  onClose: () => void;
}

/**
 * Adding or editing one team member or sponsor in a dialog: the list's fields, the picture with its alt text
 * (uploaded after the fields are saved), the server's messages under the fields, and a 409 as "someone changed
 * it" with their version to load.
 */
export function ItemDialog<I extends ListItem>({ kind, item: opened, onSaved, onClose }: ItemDialogProps<I>) {
  const formId = useId();
  const [item, setItem] = useState<I | null>(opened);
  const [draft, setDraft] = useState<Draft>(() => kind.draftOf(opened));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<{ current: I; changed: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const noun = kind.noun;
  const set = (name: string, value: string) => setDraft((now) => ({ ...now, [name]: value }));

  const fail = (text: string, fields?: Partial<Record<string, string>>) => {
    setErrors(fields ?? {});
    setFailure(text);
    queueMicrotask(() => outcome.current?.focus());
  };

  /** A failed call: a 409's details, a 400's field messages under the fields, or the text in the banner. */
  const showFailure = (result: FailedResult, conflict: { current: I; changed: string[] } | null, prefix = '') => {
    if (isRejectedToken(result)) void endSession('rejected');
    if (result.kind === 'http' && result.status === 409 && conflict) {
      setStale(conflict);
      setFailure(null);
      notify.error(`Someone changed this ${noun} since you opened it.`);
      queueMicrotask(() => outcome.current?.focus());
      return;
    }
    if (result.kind === 'http' && result.status === 400 && result.error?.fields) {
      const { fields, others } = splitFieldMessages(result.error, formFieldNames(kind));
      fail(`${prefix}${others.length > 0 ? others.join(' ') : 'Some fields need a change: see the messages under them.'}`, fields);
    } else fail(`${prefix}${failureText(result)}`);
    notify.error(`The ${noun} was not saved.`);
  };

  async function save() {
    const found = checkDraft(kind, draft, file !== null || (item !== null && kind.pictureOf(item) !== null));
    if (Object.keys(found).length > 0) {
      fail('Some fields need a change: see the messages under them.', found);
      return;
    }
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const request = kind.requestOf(draft);
      const change = item ? await updateItem(kind, token, item.key, { ...request, version: item.version }) : { result: await createItem(kind, token, request), conflict: null };
      if (change.result.kind !== 'ok') return showFailure(change.result, change.conflict);
      if (!change.result.answer) return fail('The server sent an answer this page does not understand. Close this and open it again.');
      let stored = change.result.answer.item;
      let message = change.result.answer.message ?? kind.messages.saved;
      if (file) {
        const upload = await uploadPicture(kind, token, stored.key, stored.version, file, file.name);
        if (upload.result.kind !== 'ok' || !upload.result.answer) {
          // The fields are saved: go on editing the stored item, with the picture's problem shown.
          setItem(stored);
          onSaved(stored);
          if (upload.result.kind === 'ok') return fail('The server sent an answer this page does not understand. Close this and open it again.');
          return showFailure(upload.result, upload.conflict, `${message} The ${kind.pictureLabel.toLowerCase()} was not saved: `);
        }
        stored = upload.result.answer.item;
        message = `${message} ${upload.result.answer.message ?? ''}`.trim();
      }
      notify.success(message);
      onSaved(stored);
      onClose();
    } finally {
      setBusy(false);
    }
  }

  const title = item ? `Edit ${item.name}` : `Add a ${noun}`;
  return (
    <Modal
      title={title}
      closeOnBackdrop={false}
      onClose={() => {
        if (!busy) onClose();
      }}
      footer={
        <>
          <button type="button" className={styles.secondary} disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="tca-button" aria-disabled={busy || undefined}>
            {busy ? 'Saving...' : `Save ${noun}`}
          </button>
        </>
      }
    >
      <div aria-live="polite">
        {stale ? (
          <Banner ref={outcome} tone="error" title={`Someone changed this ${noun} since you opened it`}>
            <p>
              {changedText(kind, stale.changed) ? `They changed the ${changedText(kind, stale.changed)}. ` : ''}Their version is from{' '}
              {new Date(stale.current.updatedAt).toLocaleString('en-AU')}. Load it, then make your change again.
            </p>
            <p className={styles.actions}>
              <button
                type="button"
                className="tca-button"
                onClick={() => {
                  setItem(stale.current);
                  setDraft(kind.draftOf(stale.current));
                  setStale(null);
                }}
              >
                Load their version
              </button>
            </p>
          </Banner>
        ) : null}
        {failure ? (
          <Banner ref={outcome} tone="error" title={`The ${noun} was not saved`}>
            <p>{failure}</p>
          </Banner>
        ) : null}
      </div>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void save();
        }}
      >
        <RequiredNote />
        {kind.fields.map((field) => (
          <Field key={field.name} label={field.label} required={field.required} error={errors[field.name]} hint={field.hint}>
            {(control) =>
              field.kind === 'textarea' ? (
                <textarea
                  {...control}
                  className={`${fieldClasses.control} ${fieldClasses.textarea}`}
                  rows={5}
                  maxLength={field.maxLength}
                  value={draft[field.name] ?? ''}
                  onChange={(event) => set(field.name, event.target.value)}
                />
              ) : (
                <input
                  {...control}
                  type={field.kind}
                  {...(field.kind === 'url' ? { inputMode: 'url' as const, autoComplete: 'url' } : {})}
                  className={fieldClasses.control}
                  maxLength={field.maxLength}
                  value={draft[field.name] ?? ''}
                  onChange={(event) => set(field.name, event.target.value)}
                />
              )
            }
          </Field>
        ))}
        <ImageField
          label={kind.pictureLabel}
          hint={kind.pictureHint}
          current={item ? kind.pictureOf(item) : null}
          file={file}
          onFile={setFile}
          inputRef={fileInput}
          alt={{ label: kind.altLabel, hint: kind.altHint, value: draft.imageAlt ?? '', maxLength: ALT_MAX, error: errors.imageAlt, onChange: (value) => set('imageAlt', value) }}
        />
      </form>
    </Modal>
  );
}
