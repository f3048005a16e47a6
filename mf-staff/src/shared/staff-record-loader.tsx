import { useCallback, type ReactNode } from 'react';
import { Page, Spinner } from '@tca/ui';
import type { ApiResult } from '@tca/ui/api';
import { Link } from '@tca/ui/router';
import { LoadFailure } from './load-failure.js';
import { useStaffLoad, type StaffLoad } from './use-staff-load.js';

/** A staff GET of the thing `key` names (a ticket's reference, a member's id, a list's filter). */
export type StaffKeyedLoad<K, T> = (token: string, key: K, signal: AbortSignal) => Promise<ApiResult<T>>;

/**
 * useStaffLoad of `load(token, key)`, asked again when the key changes (by identity: a filter held in state
 * or read from the address). `load` must be stable: a module's function.
 */
export function useStaffLoadOf<K, T>(load: StaffKeyedLoad<K, T>, key: K, answerName: string): { load: StaffLoad<T>; reload: () => void } {
  const call = useCallback((token: string, signal: AbortSignal) => load(token, key, signal), [load, key]);
  return useStaffLoad(call, answerName);
}

interface StaffLoadViewProps<T> {
  load: StaffLoad<T>;
  /** The spinner's label: "Loading the orders...". */
  loadingLabel: string;
  /** The failure's sentence in bold: "The orders could not be loaded." */
  failedTitle: string;
  /** Try again; without it there is no button. */
  onRetry?: (() => void) | undefined;
  children: (answer: T) => ReactNode;
}

/** What a staff GET shows as it goes: a spinner, then the answer, or why it failed (and Try again). */
export function StaffLoadView<T>({ load, loadingLabel, failedTitle, onRetry, children }: StaffLoadViewProps<T>) {
  if (load.kind === 'loading') return <Spinner label={loadingLabel} />;
  if (load.kind === 'failed') return <LoadFailure title={failedTitle} detail={load.detail} onRetry={onRetry} />;
  return <>{children(load.answer)}</>;
}

interface StaffRecordLoaderProps<T> {
  /** The record's GET (a module's function) and its key: getTicket and the reference. */
  load: StaffKeyedLoad<string, T>;
  recordKey: string;
  /** What the answer is, for the "does not understand" message: "a ticket". */
  answerName: string;
  /** The page's title while the record cannot be shown: "Ticket T-…". */
  title: string;
  loadingLabel: string;
  failedTitle: string;
  /** Where the failed page leads back to: the desk's list. */
  back: { to: string; text: string };
  /** The loaded record's page (its own Page). */
  children: (answer: T) => ReactNode;
}

/**
 * A staff page of one record (/staff/support/:reference, /staff/orders/:reference, /staff/members/:userId):
 * a spinner while it loads; when it cannot be loaded, a page that says why with the way back (and Try again,
 * except when there is no such record: 404); then `children` with the record.
 */
export function StaffRecordLoader<T>({ load: get, recordKey, answerName, title, loadingLabel, failedTitle, back, children }: StaffRecordLoaderProps<T>) {
  const { load, reload } = useStaffLoadOf(get, recordKey, answerName);
  if (load.kind !== 'failed') return <StaffLoadView load={load} loadingLabel={loadingLabel} failedTitle={failedTitle}>{children}</StaffLoadView>;
  return (
    <Page title={title}>
      <LoadFailure title={failedTitle} detail={load.detail} onRetry={load.status === 404 ? undefined : reload} />
      <p>
        <Link to={back.to}>{back.text}</Link>
      </p>
    </Page>
  );
}
