import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { isRejectedToken, type FailedResult } from '@tca/ui/api';
import { Banner } from '@tca/ui/forms';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import { useT } from '@tca/ui/i18n';
import { formatDate } from '@tca/ui/i18n/format';
import { failureText } from './failure-text.js';
import { fieldsNeedAChange, listsCatalog, useShownLang } from './lists/messages.js';
import { sharedCatalog } from './messages.js';
import styles from './staff.module.css';

/** The banner text when the fields under it carry the messages (English; `fieldsNeedAChange()` in the language shown). */
export const FIELDS_NEED_A_CHANGE = 'Some fields need a change: see the messages under them.';

/** What a refused change (made with callWithConflict) means for an editor. */
export type ChangeFailureView<S, F extends string> =
  | { kind: 'stale'; stale: S }
  | { kind: 'fields'; fields: Partial<Record<F, string>>; text: string }
  | { kind: 'other'; text: string };

/**
 * Sorts a refused change: a 409 with its `stale` details, a 400 with messages for `fieldNames` (the others
 * joined as the text), or the failure's text. A session the server no longer accepts ends the browser session.
 */
export function readChangeFailure<S, F extends string>(result: FailedResult, stale: S | null, fieldNames: readonly F[]): ChangeFailureView<S, F> {
  if (isRejectedToken(result)) void endSession('rejected');
  if (result.kind === 'http' && result.status === 409 && stale) return { kind: 'stale', stale };
  if (result.kind === 'http' && result.status === 400 && result.error?.fields) {
    const { fields, others } = splitFieldMessages(result.error, fieldNames);
    return { kind: 'fields', fields, text: others.length > 0 ? others.join(' ') : fieldsNeedAChange() };
  }
  return { kind: 'other', text: failureText(result) };
}

/**
 * The state every versioned editor (event, post, album) keeps besides its draft: the 409 answer, busy,
 * the Delete confirmation, and the outcome banner to focus.
 */
export function useStaleEditing<S>() {
  const [stale, setStale] = useState<S | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  const focusOutcome = useCallback(() => queueMicrotask(() => outcome.current?.focus()), []);
  /** Runs a call with the stored session, busy meanwhile; undefined (and the session ended) when there is none. */
  const withToken = useCallback(async <T,>(call: (token: string) => Promise<T>): Promise<T | undefined> => {
    const token = readToken();
    if (!token) {
      void endSession('rejected');
      return undefined;
    }
    setBusy(true);
    try {
      return await call(token);
    } finally {
      setBusy(false);
    }
  }, []);
  return { stale, setStale, busy, withToken, confirmDelete, setConfirmDelete, outcome, focusOutcome };
}

interface StaleNoticeProps {
  /** The banner's title, whole: "Someone changed this event since you opened it". */
  title: string;
  /** The changed fields in words ("name and photos"), or '' when the answer did not say. */
  changed: string;
  /** When their version was saved (ISO). */
  updatedAt: string;
  /** Their version in short, shown in brackets: the name, status, … */
  summary: string;
  /** What reloading loses, after "Reload to see it, then make your change again" (e.g. "; your text here is lost on reload."). */
  reloadNote: string;
  onReload: () => void;
}

/** A 409: someone saved the thing after it was opened here; Reload loads their version. */
export function StaleNotice({ title, changed, updatedAt, summary, reloadNote, onReload }: StaleNoticeProps) {
  const t = useT(sharedCatalog);
  const tl = useT(listsCatalog);
  const lang = useShownLang();
  // English as before (the browser's clock); Tamil in Adelaide time with Tamil month names.
  const when = lang === 'en' ? new Date(updatedAt).toLocaleString('en-AU') : formatDate(updatedAt, lang, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Banner tone="error" title={title}>
      <p>
        {changed ? tl('stale.changed', { changed }) : ''}
        {tl('stale.from', { when, summary })}
        {reloadNote}
      </p>
      <p className={styles.actions}>
        <button type="button" className="tca-button" onClick={onReload}>
          {t('editor.reload')}
        </button>
      </p>
    </Banner>
  );
}

/** The editor's live region: the 409 notice, and the failure banner (focused after a failure). */
export function EditorOutcome({ notice, failure, outcome }: { notice: ReactNode; failure: { title: string; text: string } | null; outcome: RefObject<HTMLDivElement | null> }) {
  return (
    <div aria-live="polite">
      {notice}
      {failure ? (
        <Banner ref={outcome} tone="error" title={failure.title}>
          <p>{failure.text}</p>
        </Banner>
      ) : null}
    </div>
  );
}

interface EditorButtonsProps {
  busy: boolean;
  /** The submit button's text when not busy. */
  saveLabel: string;
  /** Delete's text and what it does; no Delete when absent (a thing not saved yet). */
  remove?: { label: string; onClick: () => void } | undefined;
  /** Buttons between Save and Delete (Unpublish). */
  children?: ReactNode;
}

/** Save (the form's submit; aria-disabled while busy so it keeps focus), then Delete opening its confirmation. */
export function EditorButtons({ busy, saveLabel, remove, children }: EditorButtonsProps) {
  const t = useT(sharedCatalog);
  return (
    <p className={styles.actions}>
      <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
        {busy ? t('editor.saving') : saveLabel}
      </button>
      {children}
      {remove ? (
        <button type="button" className={`${styles.secondary} ${styles.danger}`} disabled={busy} onClick={remove.onClick}>
          {remove.label}
        </button>
      ) : null}
    </p>
  );
}
