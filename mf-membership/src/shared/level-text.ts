import type { MembershipLevel } from '@tca/contracts';
import { formatAud } from '@tca/ui/i18n/format';
import type { Lang } from '@tca/ui/i18n';

// How a level's price reads on the cards, the confirm dialog, the order summary and the demo checkout.

/** 20 → "$20.00" in `lang` (the order summary, the confirm dialog, the demo book). */
export function priceText(amount: number, lang: Lang): string {
  return formatAud(amount, lang);
}

/** A level's price on its card: whole dollars ("$20"), as the spec's price list writes them. */
export function cardPrice(level: Pick<MembershipLevel, 'amt'>, lang: Lang): string {
  return formatAud(level.amt, lang, { whole: true });
}
