import { useEffect, useState } from 'react';
import type { AnnouncementSegment } from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { readToken } from '@tca/ui/session';
import { failureText } from '../../shared/failure-text.js';
import { countRecipients } from './api/announcements-api.js';
import { announcementsCatalog } from './messages.js';

/** How long the segment rests before its recipients are counted. */
const COUNT_DELAY_MS = 400;

/** How many members the segment reaches now (null while counting or without a valid segment), and why not when it failed. */
export function useRecipientCount(segment: AnnouncementSegment | undefined): { count: number | null; note: string } {
  const [state, setState] = useState<{ count: number | null; note: string }>({ count: null, note: '' });
  const key = segment ? JSON.stringify(segment) : '';
  useEffect(() => {
    setState({ count: null, note: '' });
    const token = readToken();
    if (!token || key === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void countRecipients(token, JSON.parse(key) as AnnouncementSegment, controller.signal).then((result) => {
        if (controller.signal.aborted) return;
        if (result.kind === 'ok' && result.answer) setState({ count: result.answer.recipients, note: '' });
        else if (result.kind !== 'ok') setState({ count: null, note: translator(announcementsCatalog)('recipients.failed', { reason: failureText(result) }) });
      });
    }, COUNT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return state;
}

/** "128 members will receive it." */
export function recipientsText(count: number | null, note: string): string {
  const t = translator(announcementsCatalog);
  if (note) return note;
  if (count === null) return t('recipients.counting');
  return t('recipients.count', { n: count });
}
