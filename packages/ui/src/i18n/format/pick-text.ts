import type { Lang } from '@tca/ui/i18n';

/**
 * Which version of a content field to show: the Tamil one when Tamil is shown and an editor wrote it,
 * else the English one, with `lang: 'en'` to put on its element when the page around it is Tamil
 * (screen readers then read it as English). `lang` is undefined when the text matches the page.
 */
export function pickText(english: string, tamil: string | null | undefined, shown: Lang): { text: string; lang: 'en' | undefined } {
  if (shown === 'ta' && tamil && tamil.trim()) return { text: tamil, lang: undefined };
  return { text: english, lang: shown === 'en' ? undefined : 'en' };
}
