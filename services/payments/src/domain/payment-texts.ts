import { serviceTexts, type SiteLang } from '@tca/service-kit';
import en from './messages/en.json' with { type: 'json' };
import ta from './messages/ta.json' with { type: 'json' };

/** The payments service's texts in English and Tamil (messages/en.json, messages/ta.json): the receipt, the checkout line. */
export const paymentTexts = serviceTexts('payments/domain', en, ta);
type Key = keyof typeof en & string;

/** A level's name in `lang` (the catalog holds each level by its id); another name as it is. */
export function levelNameIn(level: string, lang: SiteLang): string {
  return level in en ? paymentTexts(lang)(level as Key) : level;
}
