import { useCallback, useEffect, useState } from 'react';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_NAME_MAX,
  EVENT_STATUSES,
  paths,
  type EventStatus,
  type StaleEventAnswer,
  type StaffEvent,
} from '@tca/contracts';
import { Link, useNavigate } from '@tca/ui/router';
import { Field, fieldClasses, RequiredNote } from '@tca/ui/forms';
import type { FailedResult } from '@tca/ui/api';
import { notify, Page } from '@tca/ui';
import { translator, useT } from '@tca/ui/i18n';
import { pickText, richText } from '@tca/ui/i18n/format';
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { FieldPair, TamilField } from '../../../shared/lists/bilingual.js';
import { fieldMessage } from '../../../shared/lists/field-message.js';
import { fieldsNeedAChange, knownText, listsCatalog, useShownLang, tamilLabel } from '../../../shared/lists/messages.js';
import { EditorButtons, EditorOutcome, readChangeFailure, StaleNotice, useStaleEditing } from '../../../shared/stale-editing.js';
import { eventsCatalog } from '../messages.js';
import { addEventImage } from '../api/add-event-image.js';
import { createEvent } from '../api/create-event.js';
import { deleteEvent } from '../api/delete-event.js';
import type { EventChange } from '../api/stale-event.js';
import { updateEvent } from '../api/update-event.js';
import { changedEventText, checkEventDraft, draftOfEvent, emptyEventDraft, EVENT_FIELDS, requestOf, statusLabel, updateOf, whenText, type EventDraft, type EventErrors } from '../event-form.js';
import { EventPictures } from './event-pictures.js';
import { eventEditorPath } from './events-list.js';
import styles from '../../../shared/staff.module.css';

type EventAnswer = { event: StaffEvent; message?: string | undefined };

/** An event's service or contracts message in the language shown (a known one; others as they came). */
const shown = (message: string) => knownText(eventsCatalog, message);

interface EventEditorProps {
  /** The event as loaded, or null for a new one. */
  event: StaffEvent | null;
  /** Loads the event again (after a stale answer). */
  reload?: () => void;
}

/** The editor of one event: every field, status (Active / Cancelled / Draft), pictures with alt text, Save, Delete. */
export function EventEditor({ event: loaded, reload }: EventEditorProps) {
  const navigate = useNavigate();
  const [event, setEvent] = useState<StaffEvent | null>(loaded);
  const [draft, setDraft] = useState<EventDraft>(() => (loaded ? draftOfEvent(loaded) : emptyEventDraft()));
  const [errors, setErrors] = useState<EventErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { stale, setStale, busy, withToken, confirmDelete, setConfirmDelete, outcome, focusOutcome } = useStaleEditing<StaleEventAnswer>();

  useEffect(() => {
    setEvent(loaded);
    setDraft(loaded ? draftOfEvent(loaded) : emptyEventDraft());
    setStale(null);
    setErrors({});
    setFailure(null);
  }, [loaded, setStale]);

  const set = <K extends keyof EventDraft>(name: K, value: EventDraft[K]) => setDraft((now) => ({ ...now, [name]: value }));
  const t = useT(eventsCatalog);
  const tl = useT(listsCatalog);
  const lang = useShownLang();
  // The key is an identifier: marked as not Tamil on a Tamil page.
  const keyPart = (key: string) => (lang === 'en' ? key : <span lang="en">{key}</span>);
  // The contracts' labels of the fields, for their messages.
  const labels = {
    Name: t('field.name'),
    Description: t('field.description'),
    Date: t('field.date'),
    'End date': t('field.endDate'),
    Time: t('field.time'),
    Location: t('field.location'),
    'Ticket link': t('field.eventLink'),
    Status: t('field.status'),
    'Alt text': t('field.alt'),
    'Tamil name': tamilLabel(tl, 'ta.name'),
    'Tamil description': tamilLabel(tl, 'ta.description'),
    'Tamil location': tamilLabel(tl, 'ta.location'),
  };
  const shownErrors: EventErrors = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message === undefined ? undefined : fieldMessage(message, labels, shown)]));

  /** A failed call: field messages under their fields, a 409's details, or the text in the banner. */
  const showFailure = useCallback(
    (result: FailedResult, staleAnswer: StaleEventAnswer | null, what: string) => {
      const imageKeys = result.kind === 'http' && result.error?.fields ? draftImageKeys(result.error.fields) : [];
      const view = readChangeFailure(result, staleAnswer, [...EVENT_FIELDS, ...imageKeys]);
      if (view.kind === 'stale') {
        setStale(view.stale);
        setFailure(null);
        notify.error(translator(eventsCatalog)('toast.stale'));
      } else {
        if (view.kind === 'fields') setErrors(view.fields);
        setFailure(view.text);
        notify.error(what);
      }
      focusOutcome();
    },
    [setStale, focusOutcome],
  );

  async function save() {
    const found = checkEventDraft(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(fieldsNeedAChange());
      focusOutcome();
      return;
    }
    const change = await withToken(
      async (token): Promise<EventChange<EventAnswer>> => (event ? updateEvent(token, event.key, updateOf(draft, event.version)) : { result: await createEvent(token, requestOf(draft)), stale: null }),
    );
    if (!change) return;
    const { result } = change;
    if (result.kind !== 'ok') return showFailure(result, change.stale, t('toast.notSaved'));
    if (!result.answer) return setFailure(t('answer.unknown'));
    const saved = result.answer.event;
    setEvent(saved);
    setDraft(draftOfEvent(saved));
    setStale(null);
    notify.success(shown(result.answer.message ?? t('msg.saved')));
    if (!event) void navigate(eventEditorPath(saved.key), { replace: true });
  }

  async function addPicture(picture: { file: File; alt: string }): Promise<boolean> {
    if (!event) return false;
    setFailure(null);
    const change = await withToken((token) => addEventImage(token, event.key, event.version, { file: picture.file, fileName: picture.file.name, alt: picture.alt }));
    if (!change) return false;
    const { result } = change;
    if (result.kind !== 'ok') {
      showFailure(result, change.stale, t('toast.pictureFailed'));
      return false;
    }
    if (!result.answer) return false;
    const { event: updated, message } = result.answer;
    // The new version, and the new picture after the ones being edited here (their unsaved order and alt texts stay).
    const known = new Set(event.images.map((image) => image.file));
    setEvent(updated);
    setDraft((now) => ({ ...now, images: [...now.images, ...updated.images.filter((image) => !known.has(image.file))] }));
    notify.success(shown(message ?? t('msg.pictureAdded')));
    return true;
  }

  async function remove() {
    if (!event) return;
    const change = await withToken((token) => deleteEvent(token, event.key, event.version));
    setConfirmDelete(false);
    if (!change) return;
    if (change.result.kind !== 'ok') return showFailure(change.result, change.stale, t('toast.notDeleted'));
    notify.success(shown(change.result.answer?.message ?? t('msg.deleted')));
    void navigate(paths.staffEvents);
  }

  return (
    <Page
      title={event ? t('edit.title', { name: pickText(event.name, event.ta?.name, lang).text }) : t('new.title')}
      lead={event ? richText(t('edit.lead', { key: event.key, status: statusLabel(event.status), when: whenText(event) }), { 0: keyPart }) : t('new.lead')}
    >
      <p className={styles.actions}>
        <Link to={paths.staffEvents} className={styles.secondary}>
          {t('back')}
        </Link>
      </p>
      <EditorOutcome
        notice={stale ? <StaleEventNotice stale={stale} onReload={() => reload?.()} /> : null}
        failure={failure ? { title: t('failed.title'), text: shown(failure) } : null}
        outcome={outcome}
      />
      <form
        noValidate
        className={styles.section}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void save();
        }}
      >
        <RequiredNote />
        <FieldPair>
          <Field label={t('field.name')} required error={shownErrors.name}>
            {(control) => <input {...control} className={fieldClasses.control} value={draft.name} maxLength={EVENT_NAME_MAX} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <TamilField word="ta.name" value={draft.taName} maxLength={EVENT_NAME_MAX} error={shownErrors['ta.name']} onChange={(value) => set('taName', value)} />
        </FieldPair>
        <Field label={t('field.status')} required error={shownErrors.status} hint={t(`hint.${draft.status}`)}>
          {(control) => (
            <select {...control} className={`${fieldClasses.control} ${fieldClasses.select}`} value={draft.status} onChange={(e) => set('status', e.target.value as EventStatus)}>
              {EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('field.date')} required error={shownErrors.date} hint={t('field.dateHint')}>
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.date} onChange={(e) => set('date', e.target.value)} />}
        </Field>
        <Field label={t('field.endDate')} error={shownErrors.endDate} hint={t('field.endDateHint')}>
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.endDate} onChange={(e) => set('endDate', e.target.value)} />}
        </Field>
        <Field label={t('field.time')} error={shownErrors.time} hint={t('field.timeHint')}>
          {(control) => <input {...control} type="time" className={fieldClasses.control} value={draft.time} onChange={(e) => set('time', e.target.value)} />}
        </Field>
        <FieldPair>
          <Field label={t('field.location')} error={shownErrors.location}>
            {(control) => <input {...control} className={fieldClasses.control} value={draft.location} maxLength={EVENT_LOCATION_MAX} onChange={(e) => set('location', e.target.value)} />}
          </Field>
          <TamilField word="ta.location" value={draft.taLocation} maxLength={EVENT_LOCATION_MAX} error={shownErrors['ta.location']} onChange={(value) => set('taLocation', value)} />
        </FieldPair>
        <Field label={t('field.eventLink')} error={shownErrors.eventLink} hint={t('field.eventLinkHint', { button: 'buy' })}>
          {(control) => <input {...control} type="url" inputMode="url" className={fieldClasses.control} value={draft.eventLink} onChange={(e) => set('eventLink', e.target.value)} />}
        </Field>
        <FieldPair>
          <Field label={t('field.description')} error={shownErrors.description}>
            {(control) => (
              <textarea {...control} lang={lang === 'en' ? undefined : 'en'} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={6} maxLength={EVENT_DESCRIPTION_MAX} value={draft.description} onChange={(e) => set('description', e.target.value)} />
            )}
          </Field>
          <TamilField word="ta.description" rows={6} value={draft.taDescription} maxLength={EVENT_DESCRIPTION_MAX} error={shownErrors['ta.description']} onChange={(value) => set('taDescription', value)} />
        </FieldPair>
        <EventPictures images={draft.images} errors={shownErrors} busy={busy} canAdd={event !== null} onChange={(images) => set('images', images)} onAdd={addPicture} />
        <EditorButtons busy={busy} saveLabel={t('save')} remove={event ? { label: t('delete'), onClick: () => setConfirmDelete(true) } : undefined} />
      </form>
      {confirmDelete && event ? (
        <ConfirmDialog
          title={t('delete.title', { name: event.name })}
          written={event.name}
          description={t('delete.text')}
          confirmLabel={t('delete.confirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      ) : null}
    </Page>
  );
}

/** The `images.N` keys of a 400's field messages (each picture's alt text shows its own). */
function draftImageKeys(fields: Readonly<Record<string, string>>): Array<`images.${number}`> {
  return Object.keys(fields).filter((name): name is `images.${number}` => /^images\.\d+$/.test(name));
}

/** A 409: someone saved the event after it was opened here. */
export function StaleEventNotice({ stale, onReload }: { stale: StaleEventAnswer; onReload: () => void }) {
  const { current } = stale;
  const t = useT(eventsCatalog);
  return (
    <StaleNotice
      title={t('stale.title')}
      changed={changedEventText(stale.changed)}
      updatedAt={current.updatedAt}
      summary={t('stale.summary', { name: current.name, status: statusLabel(current.status), when: whenText(current) })}
      reloadNote={t('stale.reload')}
      onReload={onReload}
    />
  );
}
