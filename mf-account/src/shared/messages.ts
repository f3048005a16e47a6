import { defineKnownTexts } from '@tca/ui/i18n/known';

/**
 * The account area's messages that travel as values (namespace `account.messages`): the §5 validation
 * messages of @tca/contracts' schemas, the §8 outcome texts the forms compute, and the services' known
 * messages (RESET_REQUEST_MESSAGE, PASSWORD_UPDATED_MESSAGE, the second step's …). The outcome code
 * and its tests keep the spec's English; what reaches the screen goes through `shownText`. English
 * shows them as they are, so the table is fetched only with Tamil (known texts, @tca/ui/i18n).
 */
const known = defineKnownTexts('account.messages', () => import('./messages/en.json'), () => import('./messages/ta.json'));

/**
 * A message to show: a known English text (a validation, outcome or server message) in the language
 * shown; any other text as it came (a server's own words, English). `undefined` stays undefined.
 */
export const shownText: <T extends string | undefined>(message: T) => T = known.shown;

/** Whether `message` shows as it came while the page is in Tamil (then its element gets lang="en"). */
export const foreignText: (message: string | null | undefined) => 'en' | undefined = known.foreign;
