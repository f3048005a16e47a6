import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { currentLang } from '@tca/ui/i18n';
import { readUser, subscribe } from '@tca/ui/session';
import { frameCatalog } from './frame/messages.js';
import { applyRegistry, initialRegistry } from './remotes/federation.js';

/**
 * The account's language matters once a member is logged in: its sync (session/lang-sync.ts) is a
 * chunk, loaded with the first session, so a visitor's first load goes without it.
 */
function followAccountLanguage(): void {
  const openedAs = readUser()?.id ?? null;
  const load = () => {
    import('./session/lang-sync.js').then(
      ({ startLangSync }) => startLangSync(undefined, openedAs),
      (error: unknown) => console.error('[shell] the account language sync could not be loaded', error),
    );
  };
  if (openedAs !== null) return load();
  const stop = subscribe(() => {
    if (!readUser()) return;
    stop();
    load();
  });
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
