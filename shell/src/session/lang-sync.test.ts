import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoginUser } from '@tca/contracts';
import { LANG_CHANGE_EVENT, type Lang } from '@tca/ui/i18n';
import { startLangSync, type LangSyncDeps } from './lang-sync.js';

const member = (id: string, language?: Lang): LoginUser => ({ id, email: `${id}@example.org`, firstName: 'Kavi', lastName: 'Raman', phone: '', phoneCountry: '+61', ...(language ? { language } : {}) });

/** A browser double: a session store, the language state (setLang announces as @tca/ui/i18n does), the address. */
function fakeBrowser(start: { user?: LoginUser | null; lang?: Lang; search?: string } = {}) {
  const events = new EventTarget();
  const listeners = new Set<() => void>();
  const state = { user: start.user ?? null, token: start.user ? 'tok' : null, lang: start.lang ?? 'en', search: start.search ?? '' };
  const applied: Array<[Lang, boolean]> = [];
  const saved: Array<[Lang, string]> = [];
  const deps: LangSyncDeps = {
    events,
    readUser: () => state.user,
    readToken: () => state.token,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentLang: () => state.lang,
    setLang: async (lang, { remember }) => {
      applied.push([lang, remember]);
      state.lang = lang;
      events.dispatchEvent(new CustomEvent(LANG_CHANGE_EVENT, { detail: lang }));
    },
    search: () => state.search,
    save: async (lang, token) => {
      saved.push([lang, token]);
    },
  };
  return {
    deps,
    state,
    applied,
    saved,
    login(user: LoginUser) {
      state.user = user;
      state.token = 'tok';
      for (const listener of listeners) listener();
    },
    logout() {
      state.user = null;
      state.token = null;
      for (const listener of listeners) listener();
    },
    /** The header's switch. */
    switchTo(lang: Lang) {
      state.lang = lang;
      events.dispatchEvent(new CustomEvent(LANG_CHANGE_EVENT, { detail: lang }));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startLangSync', () => {
  it('a login applies the account language and remembers it, without saving it back', async () => {
    const browser = fakeBrowser();
    const stop = startLangSync(browser.deps);
    browser.login(member('1', 'ta'));
    await settle();
    assert.deepEqual(browser.applied, [['ta', true]]);
    assert.deepEqual(browser.saved, []);
    stop();
  });

  it('?lang= in the address wins over the account; the same language or none (an older session) changes nothing', async () => {
    const browser = fakeBrowser({ search: '?lang=en' });
    const stop = startLangSync(browser.deps);
    browser.login(member('1', 'ta'));
    browser.logout();
    browser.state.search = '';
    browser.login(member('2', 'en'));
    browser.logout();
    browser.login(member('3'));
    await settle();
    assert.deepEqual(browser.applied, []);
    stop();
  });

  it('a session stored before the page opened, or re-stored for the same member (profile saved), is not applied again', async () => {
    const browser = fakeBrowser({ user: member('1', 'ta') });
    const stop = startLangSync(browser.deps);
    browser.login(member('1', 'ta'));
    await settle();
    assert.deepEqual(browser.applied, []);
    stop();
  });

  it('loaded after a login (the shell loads it when the session changes), it applies the login the page opened without', async () => {
    const browser = fakeBrowser({ user: member('1', 'ta') });
    const stop = startLangSync(browser.deps, null);
    await settle();
    assert.deepEqual(browser.applied, [['ta', true]]);
    stop();
  });

  it('a logged-in member switching the language saves it with their token; a visitor switching saves nothing', async () => {
    const browser = fakeBrowser();
    const stop = startLangSync(browser.deps);
    browser.switchTo('ta');
    assert.deepEqual(browser.saved, []);
    browser.login(member('1', 'ta'));
    await settle();
    browser.switchTo('en');
    assert.deepEqual(browser.saved, [['en', 'tok']]);
    stop();
    browser.switchTo('ta');
    assert.equal(browser.saved.length, 1, 'stopped: no more saves');
  });

  it('loaded by a member\'s first switch (the shell loads it then), it saves that switch, and the ones after it', async () => {
    const browser = fakeBrowser({ user: member('1', 'en'), lang: 'ta' });
    const stop = startLangSync(browser.deps, '1', 'ta');
    assert.deepEqual(browser.saved, [['ta', 'tok']]);
    assert.deepEqual(browser.applied, [], 'the member\'s own session is not applied again');
    browser.switchTo('en');
    assert.deepEqual(browser.saved, [['ta', 'tok'], ['en', 'tok']]);
    stop();
  });

  it('a failed save is ignored (fire and forget)', async () => {
    const browser = fakeBrowser({ user: member('1', 'en') });
    browser.deps.save = () => Promise.reject(new Error('offline'));
    const stop = startLangSync(browser.deps);
    browser.switchTo('ta');
    await settle();
    stop();
  });
});
