import { defineCatalog, translator } from '@tca/ui/i18n';
import en from './messages/en.json';

export { moneyText } from '../../shared/money.js';

/**
 * The treasurer's desk's texts (catalog `staff.treasurer`): the order list, an order's page, the refund and
 * its dialog, the order states and tabs by key, the payments service's known answers.
 */
export const treasurerCatalog = defineCatalog('staff.treasurer', en, () => import('./messages/ta.json'));

export type TreasurerKey = keyof typeof en & string;


/** An order's state ("paid", "refunded"...) by name, in the language shown; an unknown one as it came. */
export function orderStateName(status: string): string {
  const key = `status.${status}`;
  return key in en ? translator(treasurerCatalog)(key as TreasurerKey) : status;
}

/** An order's membership request's state ("Active", "Pending"...) by name, in the language shown; an unknown one as it came. */
export function membershipStateText(status: string): string {
  const key = `membership.${status}`;
  return key in en ? translator(treasurerCatalog)(key as TreasurerKey) : status;
}
