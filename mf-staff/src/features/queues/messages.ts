import { defineCatalog } from '@tca/ui/i18n';
import en from './messages/en.json';

/** Texts of /staff/queues: the queues' and job states' names (`queue.<name>`, `state.<state>`), failed jobs, retry and remove. */
export const queuesCatalog = defineCatalog('staff.queues', en, () => import('./messages/ta.json'));
