import { currentLang, defineCatalog, englishIndex, translator, type MessageValues } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The account area's messages that travel as values (namespace `account.messages`): the §5 validation
 * messages of @tca/contracts' schemas, the §8 outcome texts the forms compute, and the services' known
 * messages (RESET_REQUEST_MESSAGE, PASSWORD_UPDATED_MESSAGE, the second step's …). The outcome code
 * and its tests keep the spec's English; what reaches the screen goes through `shownText`, which
 * shows the catalog's version of a known English text in the language shown.
 */
export const messagesCatalog = defineCatalog('account.messages', en, () => import('./messages/ta.json'));

type Key = keyof typeof en & string;

// The English texts without placeholders, by their wording.
const byEnglish: ReadonlyMap<string, Key> = englishIndex(messagesCatalog);

/**
 * A message to show: a known English text (a validation, outcome or server message) in the language
 * shown; any other text as it came (a server's own words, English). `undefined` stays undefined.
 */
export function shownText<T extends string | undefined>(message: T): T {
  if (message === undefined || currentLang() === 'en') return message;
  const key = byEnglish.get(message.trim());
  return (key ? translator(messagesCatalog)(key) : message) as T;
}

/** Whether `message` shows as it came while the page is in Tamil (then its element gets lang="en"). */
export function foreignText(message: string | null | undefined): 'en' | undefined {
  return message && currentLang() !== 'en' && !byEnglish.has(message.trim()) ? 'en' : undefined;
}

/** The catalog's `t`, for the few messages made with values (a country's name). */
export function messageText(key: Key, values?: MessageValues): string {
  return translator(messagesCatalog)(key, values);
}
