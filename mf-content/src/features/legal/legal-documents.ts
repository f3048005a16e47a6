import type { Lang } from '@tca/ui/i18n';
import { formatDate } from '@tca/ui/i18n/format';
import { formatLegalDate, type LegalDocument } from './legal-types.js';
import { PRIVACY } from './privacy.js';
import { TERMS } from './terms.js';

/**
 * A legal document in both languages: the English one is bundled with its page; the Tamil one is a
 * chunk of its own, fetched only when the page is shown in Tamil.
 */
export interface LegalTexts {
  en: LegalDocument;
  ta: () => Promise<LegalDocument>;
}

export const PRIVACY_TEXTS: LegalTexts = {
  en: PRIVACY,
  ta: () => import(/* webpackChunkName: "legal-privacy-ta" */ './privacy.ta.js').then((m) => m.PRIVACY_TA),
};

export const TERMS_TEXTS: LegalTexts = {
  en: TERMS,
  ta: () => import(/* webpackChunkName: "legal-terms-ta" */ './terms.ta.js').then((m) => m.TERMS_TA),
};

/** What a page shows: the document, with `lang: 'en'` when it is the English one on a Tamil page. */
export interface ShownDocument {
  document: LegalDocument;
  lang: 'en' | undefined;
}

const shown = new Map<LegalTexts, ShownDocument>();
const loading = new Map<LegalTexts, Promise<ShownDocument>>();

/** Loads `texts`' Tamil document once; if it cannot be fetched, the English one stands in (marked). */
export function loadTamil(texts: LegalTexts): Promise<ShownDocument> {
  let pending = loading.get(texts);
  if (!pending) {
    pending = texts
      .ta()
      .then(
        (document): ShownDocument => ({ document, lang: undefined }),
        (): ShownDocument => ({ document: texts.en, lang: 'en' }),
      )
      .then((result) => {
        shown.set(texts, result);
        return result;
      });
    loading.set(texts, pending);
  }
  return pending;
}

/**
 * The document in `lang`, for a component: English at once; Tamil once loaded, suspending (the nearest
 * Suspense boundary shows its fallback) until then, as `useT` does for a catalog.
 */
export function legalDocumentIn(texts: LegalTexts, lang: Lang): ShownDocument {
  if (lang === 'en') return { document: texts.en, lang: undefined };
  const result = shown.get(texts);
  if (result) return result;
  throw loadTamil(texts);
}

/** The last-updated date: `25 November 2026` in English (unchanged), the Tamil calendar words in Tamil. */
export function legalDate(isoDate: string, lang: Lang): string {
  if (lang === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return formatLegalDate(isoDate);
  return formatDate(`${isoDate}T00:00:00Z`, lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
