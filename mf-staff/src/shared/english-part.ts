import { currentLang, useLang } from '@tca/ui/i18n';

/**
 * `lang` for an element whose text stays as it came on a Tamil page (a service's own words, a person's
 * name, a job's code): "en" then, so screen readers read it as English; nothing on an English page.
 * Re-renders on a switch (useLang); reads the language itself, as translator does (also in node tests).
 */
export function useEnglishPart(): 'en' | undefined {
  useLang();
  return currentLang() === 'en' ? undefined : 'en';
}
