import { useCallback, useEffect, useState } from 'react';
import {
  EVENT_DELETED_MESSAGE,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_NAME_MAX,
  EVENT_STATUS_HINTS,
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
import { ConfirmDialog } from '../../../shared/confirm-dialog.js';
import { EditorButtons, EditorOutcome, FIELDS_NEED_A_CHANGE, readChangeFailure, StaleNotice, useStaleEditing } from '../../../shared/stale-editing.js';
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

  /** A failed call: field messages under their fields, a 409's details, or the text in the banner. */
  const showFailure = useCallback(
    (result: FailedResult, staleAnswer: StaleEventAnswer | null, what: string) => {
      const imageKeys = result.kind === 'http' && result.error?.fields ? draftImageKeys(result.error.fields) : [];
      const view = readChangeFailure(result, staleAnswer, [...EVENT_FIELDS, ...imageKeys]);
      if (view.kind === 'stale') {
        setStale(view.stale);
        setFailure(null);
        notify.error('Someone changed this event since you opened it.');
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
      setFailure(FIELDS_NEED_A_CHANGE);
      focusOutcome();
      return;
    }
    const change = await withToken(
      async (token): Promise<EventChange<EventAnswer>> => (event ? updateEvent(token, event.key, updateOf(draft, event.version)) : { result: await createEvent(token, requestOf(draft)), stale: null }),
    );
    if (!change) return;
    const { result } = change;
    if (result.kind !== 'ok') return showFailure(result, change.stale, 'The event was not saved.');
    if (!result.answer) return setFailure('The server sent an answer this page does not understand. Reload the event.');
    const saved = result.answer.event;
    setEvent(saved);
    setDraft(draftOfEvent(saved));
    setStale(null);
    notify.success(result.answer.message ?? 'Event saved.');
    if (!event) void navigate(eventEditorPath(saved.key), { replace: true });
  }

  async function addPicture(picture: { file: File; alt: string }): Promise<boolean> {
    if (!event) return false;
    setFailure(null);
    const change = await withToken((token) => addEventImage(token, event.key, event.version, { file: picture.file, fileName: picture.file.name, alt: picture.alt }));
    if (!change) return false;
    const { result } = change;
    if (result.kind !== 'ok') {
      showFailure(result, change.stale, 'The picture was not added.');
      return false;
    }
    if (!result.answer) return false;
    const { event: updated, message } = result.answer;
    // The new version, and the new picture after the ones being edited here (their unsaved order and alt texts stay).
    const known = new Set(event.images.map((image) => image.file));
    setEvent(updated);
    setDraft((now) => ({ ...now, images: [...now.images, ...updated.images.filter((image) => !known.has(image.file))] }));
    notify.success(message ?? 'Picture added.');
    return true;
  }

  async function remove() {
    if (!event) return;
    const change = await withToken((token) => deleteEvent(token, event.key, event.version));
    setConfirmDelete(false);
    if (!change) return;
    if (change.result.kind !== 'ok') return showFailure(change.result, change.stale, 'The event was not deleted.');
    notify.success(change.result.answer?.message ?? EVENT_DELETED_MESSAGE);
    void navigate(paths.staffEvents);
  }

  return (
    <Page
      title={event ? `Edit: ${event.name}` : 'New event'}
      lead={event ? `Key ${event.key} · ${statusLabel(event.status)} · ${whenText(event)}` : 'A new event starts as a draft: nobody sees it until its status is Active.'}
    >
      <p className={styles.actions}>
        <Link to={paths.staffEvents} className={styles.secondary}>
          Back to the events
        </Link>
      </p>
      <EditorOutcome
        notice={stale ? <StaleEventNotice stale={stale} onReload={() => reload?.()} /> : null}
        failure={failure ? { title: 'That did not work', text: failure } : null}
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
        <Field label="Name" required error={errors.name}>
          {(control) => <input {...control} className={fieldClasses.control} value={draft.name} maxLength={EVENT_NAME_MAX} onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field label="Status" required error={errors.status} hint={EVENT_STATUS_HINTS[draft.status]}>
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
        <Field label="Date" required error={errors.date} hint="The first day.">
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.date} onChange={(e) => set('date', e.target.value)} />}
        </Field>
        <Field label="End date" error={errors.endDate} hint="Only for an event of several days: its last day.">
          {(control) => <input {...control} type="date" className={fieldClasses.control} value={draft.endDate} onChange={(e) => set('endDate', e.target.value)} />}
        </Field>
        <Field label="Time" error={errors.time} hint="When it starts, Adelaide time; leave empty for an all-day event.">
          {(control) => <input {...control} type="time" className={fieldClasses.control} value={draft.time} onChange={(e) => set('time', e.target.value)} />}
        </Field>
        <Field label="Location" error={errors.location}>
          {(control) => <input {...control} className={fieldClasses.control} value={draft.location} maxLength={EVENT_LOCATION_MAX} onChange={(e) => set('location', e.target.value)} />}
        </Field>
        <Field label="Ticket link" error={errors.eventLink} hint="https://… — the event page's Purchase Tickets button. Empty: Register (membership).">
          {(control) => <input {...control} type="url" inputMode="url" className={fieldClasses.control} value={draft.eventLink} onChange={(e) => set('eventLink', e.target.value)} />}
        </Field>
        <Field label="Description" error={errors.description}>
          {(control) => (
            <textarea {...control} className={`${fieldClasses.control} ${fieldClasses.textarea}`} rows={6} maxLength={EVENT_DESCRIPTION_MAX} value={draft.description} onChange={(e) => set('description', e.target.value)} />
          )}
        </Field>
        <EventPictures images={draft.images} errors={errors} busy={busy} canAdd={event !== null} onChange={(images) => set('images', images)} onAdd={addPicture} />
        <EditorButtons busy={busy} saveLabel="Save" remove={event ? { label: 'Delete', onClick: () => setConfirmDelete(true) } : undefined} />
      </form>
      {confirmDelete && event ? (
        <ConfirmDialog
          title={`Delete "${event.name}"?`}
          description="The event leaves /events, the calendar feed and the staff list. To keep it listed as called off, set its status to Cancelled instead. This cannot be undone."
          confirmLabel="Delete the event"
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
  return (
    <StaleNotice
      thing="event"
      changed={changedEventText(stale.changed)}
      updatedAt={current.updatedAt}
      summary={`“${current.name}”, ${statusLabel(current.status)}, ${whenText(current)}`}
      reloadNote="; what you typed here is lost on reload."
      onReload={onReload}
    />
  );
}
