import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/**
 * The revenue report's texts (catalog `staff.revenue`): the page, the chart's title and summary, the
 * tables' captions and headers, the CSV button. The CSV file keeps its English column headers (a file
 * for spreadsheets and the accountant, the same whoever downloads it).
 */
export const revenueCatalog = defineCatalog('staff.revenue', en, () => import('./messages/ta.json'));
