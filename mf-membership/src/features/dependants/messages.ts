import { CHILD_REQUIRED_MESSAGE, SPOUSE_AGE_MESSAGE, SPOUSE_NAME_MESSAGE } from '@tca/contracts';
import { currentLang, defineCatalog, translator } from '@tca/ui/i18n';
import en from './messages/en.json';

/** The family details page's texts (/confirmation), the §5 family messages included. */
export const familyCatalog = defineCatalog('membership.family', en, () => import('./messages/ta.json'));

// The contracts' family messages (they travel as values) by their English wording.
const MESSAGES: Readonly<Record<string, 'v.spouseName' | 'v.spouseAge' | 'v.child'>> = {
  [SPOUSE_NAME_MESSAGE]: 'v.spouseName',
  [SPOUSE_AGE_MESSAGE]: 'v.spouseAge',
  [CHILD_REQUIRED_MESSAGE]: 'v.child',
};

/** A §5 family message in the language shown; any other text as it came. */
export function familyText(message: string): string {
  const key = currentLang() === 'en' ? undefined : MESSAGES[message];
  return key ? translator(familyCatalog)(key) : message;
}
