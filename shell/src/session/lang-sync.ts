import { ACCOUNT_LANGUAGE_PATH, type LoginUser } from '@tca/contracts';
import { currentLang, isLang, LANG_CHANGE_EVENT, setLang, type Lang } from '@tca/ui/i18n';
import { readToken, readUser, subscribe } from '@tca/ui/session';

/**
 * A member's language follows them (issue 17): identity keeps it on the account (their e-mails are
 * written in it). When a member logs in, the site switches to their language, unless the address asks
 * for one (`?lang=`, a shared link); when a logged-in member switches the language in the header, the
 * account keeps the new choice.
 */
export interface LangSyncDeps {
  /** Where LANG_CHANGE_EVENT is announced (window). */
  events: EventTarget;
  readUser(): LoginUser | null;
  readToken(): string | null;
  /** The session store's changes (a login, a logout, another tab). */
  subscribe(listener: () => void): () => void;
  currentLang(): Lang;
  setLang(lang: Lang, options: { remember: boolean }): Promise<void>;
  /** `location.search`. */
  search(): string;
  /** Stores the language on the account; failures are the caller's to ignore. */
  save(language: Lang, token: string): Promise<unknown>;
}

function browserDeps(): LangSyncDeps {
  return {
    events: window,
    readUser: () => readUser(),
    readToken,
    subscribe,
    currentLang,
    setLang,
    search: () => window.location.search,
    // Plain fetch: the shell's first load stays without the API client (a remote's chunk).
    save: (language, token) =>
      fetch(ACCOUNT_LANGUAGE_PATH, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ language }),
        credentials: 'same-origin',
      }),
  };
}

/**
 * Starts following the session and the language switch; returns the stop. `openedAs` is the member
 * whose session was stored when the page opened (the shell loads this module when the session or, for
 * a member, the language first changes, so a login may have happened since): their language was applied
 * when they logged in, and they may have switched since, as this browser remembers, so only a new login
 * applies the account's language. `switchedTo`: a switch announced while this module loaded, saved now.
 */
export function startLangSync(deps: LangSyncDeps = browserDeps(), openedAs: string | null = deps.readUser()?.id ?? null, switchedTo?: Lang): () => void {
  let userId = openedAs;
  let applying: Lang | null = null;

  const onSession = () => {
    const user = deps.readUser();
    const previous = userId;
    userId = user?.id ?? null;
    if (!user || user.id === previous || !isLang(user.language)) return;
    if (new URLSearchParams(deps.search()).has('lang') || user.language === deps.currentLang()) return;
    applying = user.language;
    deps
      .setLang(user.language, { remember: true })
      .catch((error: unknown) => console.error('[shell] the account language could not be applied', error))
      .finally(() => {
        applying = null;
      });
  };

  const onSwitch = (lang: unknown) => {
    // The account's own language being applied is not a new choice.
    if (!isLang(lang) || lang === applying) return;
    const token = deps.readToken();
    if (!deps.readUser() || !token) return;
    // Fire and forget: the page has switched already; the account catches up (or keeps the old one if offline).
    deps.save(lang, token).catch(() => undefined);
  };
  const onLangChange = (event: Event) => onSwitch((event as CustomEvent<unknown>).detail);

  const unsubscribe = deps.subscribe(onSession);
  deps.events.addEventListener(LANG_CHANGE_EVENT, onLangChange);
  onSession();
  if (switchedTo !== undefined) onSwitch(switchedTo);
  return () => {
    unsubscribe();
    deps.events.removeEventListener(LANG_CHANGE_EVENT, onLangChange);
  };
}
