import { currentLang, defineCatalog, translator } from '@tca/ui/i18n';
import { englishIndex } from '@tca/ui/i18n/known';
import en from './messages/en.json';

/**
 * The contact and ticket forms' messages that travel as values (namespace `content.forms`): the §5
 * validation messages of @tca/contracts' schemas, which the browser's check and the server's 400 both
 * give in English. The failure code and its tests keep the English; what reaches the screen goes
 * through `shownText` (one message) or `shownSentences` (a server's summary of several).
 */
export const formsCatalog = defineCatalog('content.forms', en, () => import('./messages/ta.json'));

// The English texts by their wording.
const byEnglish = englishIndex(formsCatalog);

/** A known English message in the language shown; any other text as it came. `undefined` stays undefined. */
export function shownText<T extends string | undefined>(message: T): T {
  if (message === undefined || currentLang() === 'en') return message;
  const key = byEnglish.get(message.trim());
  return (key ? translator(formsCatalog)(key) : message) as T;
}

/**
 * A server's message of one or more sentences ("Name is required. Invalid email format.") in the
 * language shown, or null when a sentence is not known (the caller shows it as it came, lang="en").
 */
export function shownSentences(text: string): string | null {
  if (currentLang() === 'en') return text;
  const t = translator(formsCatalog);
  const shown: string[] = [];
  for (const sentence of text.trim().split(/(?<=[.!?])\s+/)) {
    const stop = /[.!?]$/.test(sentence) ? sentence.slice(-1) : '';
    const key = byEnglish.get(sentence) ?? byEnglish.get(stop ? sentence.slice(0, -1) : sentence);
    if (!key) return null;
    shown.push(`${t(key)}${stop}`);
  }
  return shown.join(' ');
}
