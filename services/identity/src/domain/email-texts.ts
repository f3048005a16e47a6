import { serviceTexts, type SiteLang } from '@tca/service-kit';
import en from './messages/en.json' with { type: 'json' };
import ta from './messages/ta.json' with { type: 'json' };

/** The identity service's e-mail texts in English and Tamil (messages/en.json, messages/ta.json). */
export const emailTexts = serviceTexts('identity/domain', en, ta);

/** `t(key, values)` in one language. */
export type EmailText = ReturnType<typeof emailTexts>;

/** The association's name as a message in `lang` writes it. */
export function associationIn(lang: SiteLang): string {
  return emailTexts(lang)('association');
}
