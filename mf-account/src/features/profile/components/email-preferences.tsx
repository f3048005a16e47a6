import { useEffect, useState } from 'react';
import { isRejectedToken, type ApiResult } from '@tca/ui/api';
import { Banner } from '@tca/ui/forms';
import { readToken } from '@tca/ui/session';
import { endSession } from '@tca/ui/session-end';
import styles from './profile.module.css';
import accountStyles from '../../../shared/account.module.css';
import { getAnnouncementPreference, setAnnouncementPreference } from '../api/announcement-preference.js';
import { useT } from '@tca/ui/i18n';
import { profileCatalog } from '../messages.js';

export const EMAIL_PREFERENCE_TEXT = {
  title: 'E-mail preferences',
  row: 'Association announcements',
  explain: 'News and invitations the association e-mails to its members. Receipts, password resets and replies to your messages always reach you.',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  unsubscribe: 'Unsubscribe',
  subscribe: 'Subscribe again',
  loading: 'Loading...',
  failed: 'Your announcement setting could not be loaded or changed. Please try again later.',
} as const;

export type EmailPreferenceState = { kind: 'loading' } | { kind: 'ready'; subscribed: boolean } | { kind: 'failed' };

/** Beyond the spec (issue 15): the member's announcement subscription, shown and changed (undoing a one-click unsubscribe). */
export function EmailPreferences() {
  const [state, setState] = useState<EmailPreferenceState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(false);

  const settle = (result: ApiResult<{ subscribed: boolean }>) => {
    if (isRejectedToken(result)) {
      void endSession('rejected');
      return;
    }
    if (result.kind === 'ok' && result.answer) {
      setState({ kind: 'ready', subscribed: result.answer.subscribed });
      setFailure(false);
    } else setFailure(true);
  };

  useEffect(() => {
    const controller = new AbortController();
    void getAnnouncementPreference(readToken(), controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      settle(result);
      if (result.kind !== 'ok') setState({ kind: 'failed' });
    });
    return () => controller.abort();
  }, []);

  const change = async (subscribed: boolean) => {
    setBusy(true);
    settle(await setAnnouncementPreference(readToken(), subscribed));
    setBusy(false);
  };

  return <EmailPreferencesView state={state} busy={busy} failure={failure} onChange={(subscribed) => void change(subscribed)} />;
}

interface ViewProps {
  state: EmailPreferenceState;
  busy: boolean;
  failure: boolean;
  onChange: (subscribed: boolean) => void;
}

/** The section as drawn: the setting in a status region and the button that changes it. */
export function EmailPreferencesView({ state, busy, failure, onChange }: ViewProps) {
  const t = useT(profileCatalog);
  // The same texts as EMAIL_PREFERENCE_TEXT (the spec's English), in the language shown.
  const T: Record<keyof typeof EMAIL_PREFERENCE_TEXT, string> = {
    title: t('email.title'),
    row: t('email.row'),
    explain: t('email.explain'),
    subscribed: t('email.subscribed'),
    unsubscribed: t('email.unsubscribed'),
    unsubscribe: t('email.unsubscribe'),
    subscribe: t('email.subscribe'),
    loading: t('email.loading'),
    failed: t('email.failed'),
  };
  return (
    <section className={styles.section} aria-labelledby="email-preferences-title">
      <h2 id="email-preferences-title" className={styles.sectionTitle}>
        {T.title}
      </h2>
      <div className={styles.securityRow}>
        <div className={styles.securityText}>
          <h3>{T.row}</h3>
          <p>{T.explain}</p>
          <p role="status">
            {state.kind === 'ready' ? (
              <strong>
                {T.row}: {state.subscribed ? T.subscribed : T.unsubscribed}
              </strong>
            ) : state.kind === 'loading' ? (
              T.loading
            ) : null}
          </p>
          {failure ? (
            <div className={styles.outcome}>
              <Banner tone="error" title={T.failed} />
            </div>
          ) : null}
        </div>
        {state.kind === 'ready' ? (
          <button type="button" className={accountStyles.secondary} aria-disabled={busy || undefined} onClick={() => !busy && onChange(!state.subscribed)}>
            {state.subscribed ? T.unsubscribe : T.subscribe}
          </button>
        ) : null}
      </div>
    </section>
  );
}
