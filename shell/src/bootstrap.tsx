import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { currentLang, LANG_CHANGE_EVENT, type Lang } from '@tca/ui/i18n';
import { readUser, subscribe } from '@tca/ui/session';
import { frameCatalog } from './frame/messages.js';
import { applyRegistry, initialRegistry } from './remotes/federation.js';

/**
 * The account's language matters when a member logs in (theirs is applied) or switches (the account
 * keeps it): its sync (session/lang-sync.ts) is a chunk, loaded when the session changes or a member
 * first switches, so no page's first load carries it, a member's included. A switch announced while it
 * loads is handed to it.
 */
function followAccountLanguage(): void {
  const openedAs = readUser()?.id ?? null;
  let switchedTo: Lang | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= import('./session/lang-sync.js').then(
      ({ startLangSync }) => {
        stopSession();
        window.removeEventListener(LANG_CHANGE_EVENT, onSwitch);
        startLangSync(undefined, openedAs, switchedTo);
      },
      (error: unknown) => console.error('[shell] the account language sync could not be loaded', error),
    ));
  // lang-sync checks the language; a visitor's switch is nothing to save.
  const onSwitch = (event: Event) => {
    if (!readUser()) return;
    switchedTo = (event as CustomEvent<Lang>).detail;
    void load();
  };
  const stopSession = subscribe(() => {
    if ((readUser()?.id ?? null) !== openedAs) void load();
  });
  window.addEventListener(LANG_CHANGE_EVENT, onSwitch);
}

async function start() {
  followAccountLanguage();
  // The frame's texts in the language the page opens in (a chunk only for Tamil), while the registry loads.
  const texts = frameCatalog.load(currentLang()).catch((error: unknown) => {
    console.error('[shell] the Tamil texts could not be loaded; the frame shows English', error);
  });
  try {
    applyRegistry(await initialRegistry());
  } catch (error) {
    // The frame still renders; each area shows its fallback and Retry reads the registry again.
    console.error('[shell] the remote registry could not be loaded', error);
  }
  await texts;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A transition: React renders the frame in slices and hands the main thread back between them, so a
  // phone stays responsive while the site starts.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
