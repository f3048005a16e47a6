import type { SiteEvent } from '@tca/contracts';
import { useLang, type Lang } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';

export type Picked = ReturnType<typeof pickText>;

/** An event's name, description and place in the language shown: the Tamil ones where an editor wrote them. */
export function eventText(event: Pick<SiteEvent, 'name' | 'description' | 'location' | 'ta'>, lang: Lang): { name: Picked; description: Picked; location: Picked } {
  return {
    name: pickText(event.name, event.ta?.name, lang),
    description: pickText(event.description, event.ta?.description, lang),
    location: pickText(event.location, event.ta?.location, lang),
  };
}

/** eventText in the language shown, with that language (for dates). */
export function useEventText(event: Pick<SiteEvent, 'name' | 'description' | 'location' | 'ta'>) {
  const lang = useLang();
  return { lang, ...eventText(event, lang) };
}
