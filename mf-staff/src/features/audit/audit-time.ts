import { momentText } from '../../shared/paging.js';

/** When an entry was written, in Adelaide time with seconds (entries a moment apart stay apart), in the language shown. */
export const entryTime = (iso: string): string => momentText(iso, { dateStyle: 'medium', timeStyle: 'medium' });
