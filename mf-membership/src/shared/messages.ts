import { currentLang, defineCatalog, translator } from '@tca/ui/i18n';
import { englishIndex } from '@tca/ui/i18n/known';
import type { MembershipLevel, MembershipLevelName } from '@tca/contracts';
import en from './messages/en.json';

/**
 * The membership area's shared texts (namespace `membership.shared`): TEXT's messages, which travel as
 * values (outcomes, toasts) and show through `shownText`, and the levels' names, terms and benefits by
 * level id (the English is @tca/contracts' MEMBERSHIP_LEVELS, unchanged).
 */
export const sharedCatalog = defineCatalog('membership.shared', en, () => import('./messages/ta.json'));

type Key = keyof typeof en & string;

/** The texts of spec §4, §5 and §8 for the membership pages (English; shown through `shownText`). */
export const TEXT = {
  loginToPurchase: 'Please log in to proceed with the purchase.',
  alreadyActive: 'You already have an active membership',
  loginBeforeProceeding: 'Please log in before proceeding',
  checkoutFailed: 'Failed to create checkout session',
  somethingWrong: 'Something went wrong. Please try again.',
  paymentSuccessful: 'Payment successful!',
  paymentFailed: 'Payment Failed.',
  errorOccurred: 'An error occurred. Please try again.',
  paymentCancelled: 'Payment Cancelled!',
  cancelledDetail: 'Oops! Something went wrong. Please try again later.',
  dependantsFailed: 'Failed to submit dependents details',
  unexpectedError: 'An unexpected error occurred',
  /** Beyond the spec: the toast on / after the Thank You overlay, when the server sends no message. */
  dependantsSaved: 'Your family details have been submitted.',
  /** Beyond the spec: while the browser leaves for the provider's page. */
  redirecting: 'Redirecting you to the secure payment page…',
} as const;

/** Spec §9 timings (milliseconds). */
export const TIMING = {
  /** The login notice on the membership page, then /login. */
  loginRedirect: 2000,
  /** 'You already have an active membership' stays this long. */
  alreadyActiveNotice: 3000,
  /** After a checkout session is created, the browser leaves for the provider. */
  checkoutRedirect: 1000,
  /** The Thank You overlay, then /. */
  dependantsRedirect: 3000,
  /** Page messages shown as toasts (a success toast too: 1 s is too short to read). */
  toast: 3000,
} as const;

// The English texts without placeholders, by their wording.
const byEnglish: ReadonlyMap<string, Key> = englishIndex(sharedCatalog);

/** A known English text (TEXT's, a level's) in the language shown; any other text (a server's own words) as it came. */
export function shownText(message: string): string {
  if (currentLang() === 'en') return message;
  const key = byEnglish.get(message.trim());
  return key ? translator(sharedCatalog)(key) : message;
}

/** Whether `message` shows as it came while the page is in Tamil (then its element gets lang="en"). */
export function foreignText(message: string | null | undefined): 'en' | undefined {
  return message && currentLang() !== 'en' && !byEnglish.has(message.trim()) ? 'en' : undefined;
}

/** A level's name, term and benefits in the language shown. */
export function levelTexts(level: MembershipLevel): { name: string; type: string; term: string; benefits: string[] } {
  const t = translator(sharedCatalog);
  return {
    name: t(level.name),
    type: t(level.type),
    term: t(level.term === 'annual' ? 'annual' : 'lifetime'),
    // A benefit the catalog does not hold (the contracts' list grew) shows its English.
    benefits: level.benefits.map((benefit, index) => {
      const key = `${level.name}.${index}`;
      return key in en ? t(key as Key) : benefit;
    }),
  };
}

/** A level's name (a value such as a stored membershipType) in the language shown. */
export function levelName(name: MembershipLevelName | string): string {
  return shownText(name);
}
