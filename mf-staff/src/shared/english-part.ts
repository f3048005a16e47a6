import { useLang } from '@tca/ui/i18n';

/**
 * `lang` for an element whose text stays as it came on a Tamil page (a service's own words, a person's
 * name, a job's code): "en" then, so screen readers read it as English; nothing on an English page.
 */
export function useEnglishPart(): 'en' | undefined {
  return useLang() === 'en' ? undefined : 'en';
}
