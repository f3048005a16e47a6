import { serviceTexts } from '@tca/service-kit';
import en from './messages/en.json' with { type: 'json' };
import ta from './messages/ta.json' with { type: 'json' };

/** The content service's e-mail texts to visitors in English and Tamil (messages/en.json, messages/ta.json). */
export const emailTexts = serviceTexts('content/domain', en, ta);
