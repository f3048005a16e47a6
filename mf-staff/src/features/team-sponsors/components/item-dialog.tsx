import { useId, useRef, useState } from 'react';
import { notify } from '@tca/ui';
import { Banner, Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import { Modal } from '@tca/ui/modal';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { isRejectedToken, type FailedResult } from '@tca/ui/api';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { translator, useT } from '@tca/ui/i18n';
import { formatDate, pickText } from '@tca/ui/i18n/format';
import { ImageField } from '../../../shared/image-field.js';
import { failureText } from '../../../shared/failure-text.js';
import { FieldPair, TamilField } from '../../../shared/lists/bilingual.js';
import { fieldMessage } from '../../../shared/lists/field-message.js';
import { fieldsNeedAChange, listsCatalog, useShownLang, type TamilWord } from '../../../shared/lists/messages.js';
import { sharedCatalog } from '../../../shared/messages.js';
import { createItem, updateItem, uploadPicture } from '../api/ordered-api.js';
import { changedText, checkDraft, fieldLabel, formFieldNames } from '../item-form.js';
import { ALT_MAX, type Draft, type FormFieldSpec, type ListItem, type ListKind } from '../list-kinds.js';
import { shownTeamText, teamCatalog } from '../messages.js';
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
  const set = (name: string, value: string) => setDraft((now) => ({ ...now, [name]: value }));
  const t = useT(teamCatalog);
  const ts = useT(sharedCatalog);
  const tl = useT(listsCatalog);
  const lang = useShownLang();
  const k = kind.path;
  // The contracts' labels of the fields, for their messages (the Tamil ones as the contracts name them).
  const labels: Record<string, string> = {
    Name: fieldLabel(kind, 'name'),
    Role: fieldLabel(kind, 'designation'),
    About: fieldLabel(kind, 'description'),
    Link: fieldLabel(kind, 'link'),
    'Photo alt text': fieldLabel(kind, 'imageAlt'),
    'Logo alt text': fieldLabel(kind, 'imageAlt'),
    'Tamil name': fieldLabel(kind, 'ta.name'),
    'Tamil role': fieldLabel(kind, 'ta.designation'),
    'Tamil about': fieldLabel(kind, 'ta.description'),
  };
  const errorOf = (name: string) => (errors[name] === undefined ? undefined : fieldMessage(errors[name], labels, shownTeamText));

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
      notify.error(translator(teamCatalog)(`${k}.toast.stale`));
      queueMicrotask(() => outcome.current?.focus());
      return;
    }
    if (result.kind === 'http' && result.status === 400 && result.error?.fields) {
      const { fields, others } = splitFieldMessages(result.error, formFieldNames(kind));
      fail(`${prefix}${others.length > 0 ? others.map(shownTeamText).join(' ') : fieldsNeedAChange()}`, fields);
    } else fail(`${prefix}${shownTeamText(failureText(result))}`);
    notify.error(translator(teamCatalog)(`${k}.toast.notSaved`));
  };

  async function save() {
    const found = checkDraft(kind, draft, file !== null || (item !== null && kind.pictureOf(item) !== null));
    if (Object.keys(found).length > 0) {
      fail(fieldsNeedAChange(), found);
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
      if (!change.result.answer) return fail(t('answer.dialog'));
      let stored = change.result.answer.item;
      let message = shownTeamText(change.result.answer.message ?? kind.messages.saved);
      if (file) {
        const upload = await uploadPicture(kind, token, stored.key, stored.version, file, file.name);
        if (upload.result.kind !== 'ok' || !upload.result.answer) {
          // The fields are saved: go on editing the stored item, with the picture's problem shown.
          setItem(stored);
          onSaved(stored);
          if (upload.result.kind === 'ok') return fail(t('answer.dialog'));
          return showFailure(upload.result, upload.conflict, t(`${k}.pictureNotSaved`, { message }));
        }
        stored = upload.result.answer.item;
        message = `${message} ${shownTeamText(upload.result.answer.message ?? '')}`.trim();
      }
      notify.success(message);
      onSaved(stored);
      onClose();
    } finally {
      setBusy(false);
    }
  }

  const title = item ? t('edit.title', { name: pickText(item.name, item.ta?.name, lang).text }) : t(`${k}.add`);
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
            {ts('dialog.cancel')}
          </button>
          <button type="submit" form={formId} className="tca-button" aria-disabled={busy || undefined}>
            {busy ? ts('editor.saving') : t(`${k}.save`)}
          </button>
        </>
      }
    >
      <div aria-live="polite">
        {stale ? (
          <Banner ref={outcome} tone="error" title={t(`${k}.stale`)}>
            <p>
              {changedText(kind, stale.changed) ? tl('stale.changed', { changed: changedText(kind, stale.changed) }) : ''}
              {t('stale.from', {
                // English as before (the browser's clock); Tamil in Adelaide time with Tamil month names.
                when: lang === 'en' ? new Date(stale.current.updatedAt).toLocaleString('en-AU') : formatDate(stale.current.updatedAt, lang, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
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
                {t('stale.load')}
              </button>
            </p>
          </Banner>
        ) : null}
        {failure ? (
          <Banner ref={outcome} tone="error" title={t(`${k}.notSaved`)}>
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
        {kind.fields.map((field) =>
          kind.tamil.includes(field.name) ? (
            <FieldPair key={field.name}>
              <TextField kind={kind} field={field} value={draft[field.name] ?? ''} error={errorOf(field.name)} onChange={(value) => set(field.name, value)} />
              <TamilField
                word={TAMIL_WORDS[field.name] ?? 'ta.name'}
                value={draft[`ta.${field.name}`] ?? ''}
                maxLength={field.maxLength}
                error={errorOf(`ta.${field.name}`)}
                rows={field.kind === 'textarea' ? 5 : undefined}
                onChange={(value) => set(`ta.${field.name}`, value)}
              />
            </FieldPair>
          ) : (
            <TextField key={field.name} kind={kind} field={field} value={draft[field.name] ?? ''} error={errorOf(field.name)} onChange={(value) => set(field.name, value)} />
          ),
        )}
        <ImageField
          label={t(`${k}.picture`)}
          hint={t(`${k}.pictureHint`)}
          current={item ? kind.pictureOf(item) : null}
          file={file}
          onFile={setFile}
          inputRef={fileInput}
          alt={{ label: t(`${k}.alt`), hint: t(`${k}.altHint`), value: draft.imageAlt ?? '', maxLength: ALT_MAX, error: errorOf('imageAlt'), onChange: (value) => set('imageAlt', value) }}
        />
      </form>
    </Modal>
  );
}

/** Each field's Tamil name, for its Tamil version's label. */
const TAMIL_WORDS: Readonly<Record<string, TamilWord>> = { name: 'ta.name', designation: 'ta.designation', description: 'ta.about' };

interface TextFieldProps<I extends ListItem> {
  kind: ListKind<I>;
  field: FormFieldSpec;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One English field of the form: its label and hint from the list's texts, a textarea or an input. */
function TextField<I extends ListItem>({ kind, field, value, error, onChange }: TextFieldProps<I>) {
  const t = useT(teamCatalog);
  const hint = field.hint ? t(`${kind.path}.hint.${field.name}` as Parameters<typeof t>[0]) : undefined;
  return (
    <Field label={fieldLabel(kind, field.name)} required={field.required} error={error} hint={hint}>
      {(control) =>
        field.kind === 'textarea' ? (
          <textarea {...control} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={5} maxLength={field.maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input
            {...control}
            type={field.kind}
            {...(field.kind === 'url' ? { inputMode: 'url' as const, autoComplete: 'url' } : {})}
            className={fieldClasses.control}
            maxLength={field.maxLength}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}
