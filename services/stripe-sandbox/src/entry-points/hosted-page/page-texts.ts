import type { CardField } from './card-form.js';

/**
 * The hosted page's own texts in English and, for a session created with locale 'ta' (the sandbox's
 * extension: Stripe's Checkout has no Tamil), in Tamil. Money and card numbers read the same in both.
 */
export type PageLang = 'en' | 'ta';

/** The page's language for a session's `locale`: Tamil for 'ta', else English (as Stripe falls back). */
export function pageLang(locale: string | null | undefined): PageLang {
  return locale === 'ta' || locale?.startsWith('ta-') ? 'ta' : 'en';
}

export interface PageTexts {
  banner: string;
  footer: (merchant: string) => string;
  pay: (merchant: string) => string;
  order: string;
  qty: (n: number) => string;
  totalDue: string;
  payWithCard: string;
  cardInformation: string;
  testCard: string;
  payAmount: (amount: string) => string;
  cancel: (merchant: string) => string;
  testCards: string;
  testCardLines: readonly [string, string, string];
  checkDetails: string;
  errorPrefix: string;
  labels: Record<CardField, string>;
  /** The card form's messages (card-form.ts writes them in English), by their English wording. */
  messages: Readonly<Record<string, string>>;
  complete: string;
  alreadyPaid: (email: string | null) => string;
  returnTo: (merchant: string) => string;
  expired: string;
  expiredText: string;
  notFound: string;
  notFoundText: string;
  refused: string;
  refusedText: string;
  reopen: string;
  unreadable: string;
  unreadableText: string;
  failed: string;
  failedText: string;
}

const en: PageTexts = {
  banner: 'Test mode: this is the Stripe sandbox. No real card is charged.',
  footer: (merchant) => `Payment page of the local Stripe sandbox for ${merchant}.`,
  pay: (merchant) => `Pay ${merchant}`,
  order: 'Order',
  qty: (n) => `Qty ${n}`,
  totalDue: 'Total due',
  payWithCard: 'Pay with card',
  cardInformation: 'Card information',
  testCard: 'Test card: 4242 4242 4242 4242',
  payAmount: (amount) => `Pay ${amount}`,
  cancel: (merchant) => `Cancel and return to ${merchant}`,
  testCards: 'Sandbox test cards',
  testCardLines: ['4242 4242 4242 4242 pays', '4000 0000 0000 0002 is declined', 'Any future date and any 3 digits for the CVC'],
  checkDetails: 'Check the payment details',
  errorPrefix: 'Error',
  labels: { email: 'Email', cardNumber: 'Card number', expiry: 'Expiration date (MM / YY)', cvc: 'Security code (CVC)', name: 'Name on card' },
  messages: {},
  complete: 'Payment complete',
  alreadyPaid: (email) => `This payment has already been made. Thank you${email ? `: a receipt goes to ${email}` : ''}.`,
  returnTo: (merchant) => `Return to ${merchant}`,
  expired: 'This checkout session has expired',
  expiredText: 'The time to pay on this page has run out, so nothing was charged. Start again from the site.',
  notFound: 'Payment page not found',
  notFoundText: 'There is no checkout session at this address. Check the link, or start again from the site.',
  refused: 'This form could not be sent',
  refusedText: 'The payment form was not sent from this payment page. Open the payment page again and pay there.',
  reopen: 'Open the payment page',
  unreadable: 'This form could not be read',
  unreadableText: 'The payment form arrived incomplete or too large. Go back and try again.',
  failed: 'Something went wrong',
  failedText: 'The payment page had a problem. Nothing was charged. Try again in a moment.',
};

const ta: PageTexts = {
  banner: 'சோதனை முறை: இது Stripe மாதிரிச் சூழல். உண்மையான அட்டையிலிருந்து பணம் எடுக்கப்படாது.',
  footer: (merchant) => `${merchant} – உள்ளூர் Stripe மாதிரிச் சூழலின் கட்டணப் பக்கம்.`,
  pay: (merchant) => `${merchant} – கட்டணம் செலுத்துக`,
  order: 'ஆர்டர்',
  qty: (n) => `எண்ணிக்கை ${n}`,
  totalDue: 'செலுத்த வேண்டிய மொத்தம்',
  payWithCard: 'அட்டை மூலம் செலுத்துக',
  cardInformation: 'அட்டை விவரங்கள்',
  testCard: 'சோதனை அட்டை: 4242 4242 4242 4242',
  payAmount: (amount) => `${amount} செலுத்துக`,
  cancel: (merchant) => `ரத்துசெய்து ${merchant} தளத்துக்குத் திரும்புக`,
  testCards: 'மாதிரிச் சூழலின் சோதனை அட்டைகள்',
  testCardLines: ['4242 4242 4242 4242 – கட்டணம் ஏற்கப்படும்', '4000 0000 0000 0002 – மறுக்கப்படும்', 'எதிர்காலத் தேதி எதுவும், பாதுகாப்புக் குறியீட்டுக்கு ஏதேனும் 3 இலக்கங்கள்'],
  checkDetails: 'கட்டண விவரங்களைச் சரிபாருங்கள்',
  errorPrefix: 'பிழை',
  labels: { email: 'மின்னஞ்சல்', cardNumber: 'அட்டை எண்', expiry: 'காலாவதித் தேதி (மாதம் / ஆண்டு)', cvc: 'பாதுகாப்புக் குறியீடு', name: 'அட்டையில் உள்ள பெயர்' },
  messages: {
    'Your email is incomplete.': 'உங்கள் மின்னஞ்சல் முழுமையாக இல்லை.',
    'Your email address is invalid.': 'உங்கள் மின்னஞ்சல் முகவரி தவறானது.',
    'Your card number is incomplete.': 'உங்கள் அட்டை எண் முழுமையாக இல்லை.',
    'Your card number is invalid.': 'உங்கள் அட்டை எண் தவறானது.',
    'Your card’s expiration date is incomplete.': 'உங்கள் அட்டையின் காலாவதித் தேதி முழுமையாக இல்லை.',
    'Your card’s expiration month is invalid.': 'உங்கள் அட்டையின் காலாவதி மாதம் தவறானது.',
    'Your card’s expiration date is in the past.': 'உங்கள் அட்டையின் காலாவதித் தேதி கடந்துவிட்டது.',
    'Your card’s expiration year is invalid.': 'உங்கள் அட்டையின் காலாவதி ஆண்டு தவறானது.',
    'Your card’s security code is incomplete.': 'உங்கள் அட்டையின் பாதுகாப்புக் குறியீடு முழுமையாக இல்லை.',
    'Enter the name on your card.': 'அட்டையில் உள்ள பெயரை உள்ளிடுங்கள்.',
    'Your card was declined.': 'உங்கள் அட்டை மறுக்கப்பட்டது.',
  },
  complete: 'கட்டணம் செலுத்தப்பட்டது',
  alreadyPaid: (email) => `இந்தக் கட்டணம் ஏற்கெனவே செலுத்தப்பட்டுவிட்டது. நன்றி${email ? `: ரசீது ${email} முகவரிக்கு அனுப்பப்படும்` : ''}.`,
  returnTo: (merchant) => `${merchant} தளத்துக்குத் திரும்புக`,
  expired: 'இந்தக் கட்டண அமர்வு காலாவதியாகிவிட்டது',
  expiredText: 'இந்தப் பக்கத்தில் செலுத்துவதற்கான நேரம் முடிந்துவிட்டது; எந்தப் பணமும் எடுக்கப்படவில்லை. தளத்திலிருந்து மீண்டும் தொடங்குங்கள்.',
  notFound: 'கட்டணப் பக்கம் கிடைக்கவில்லை',
  notFoundText: 'இந்த முகவரியில் கட்டண அமர்வு எதுவும் இல்லை. இணைப்பைச் சரிபாருங்கள், அல்லது தளத்திலிருந்து மீண்டும் தொடங்குங்கள்.',
  refused: 'இந்தப் படிவத்தை அனுப்ப முடியவில்லை',
  refusedText: 'கட்டணப் படிவம் இந்தக் கட்டணப் பக்கத்திலிருந்து அனுப்பப்படவில்லை. கட்டணப் பக்கத்தை மீண்டும் திறந்து அங்கே செலுத்துங்கள்.',
  reopen: 'கட்டணப் பக்கத்தைத் திறக்க',
  unreadable: 'இந்தப் படிவத்தைப் படிக்க முடியவில்லை',
  unreadableText: 'கட்டணப் படிவம் முழுமையின்றி அல்லது மிகப் பெரியதாக வந்தது. பின்சென்று மீண்டும் முயலுங்கள்.',
  failed: 'ஏதோ தவறு நேர்ந்துவிட்டது',
  failedText: 'கட்டணப் பக்கத்தில் சிக்கல் ஏற்பட்டது. எந்தப் பணமும் எடுக்கப்படவில்லை. சிறிது நேரத்தில் மீண்டும் முயலுங்கள்.',
};

export const PAGE_TEXTS: Readonly<Record<PageLang, PageTexts>> = { en, ta };

/** A card form message in `lang` (an unknown one as it came). */
export function formMessage(texts: PageTexts, message: string): string {
  return texts.messages[message] ?? message;
}
