import type { FailedResult } from '@tca/ui/api';
import { currentLang, translator } from '@tca/ui/i18n';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { serverDetail, type FormFailure } from '../../shared/form-failure.js';
import { ticketCatalog } from './messages.js';

/**
 * Support ticket (spec §8): a non-ok answer reads 'Backend error: (status) (statusText)', followed by
 * the server's message when it sent one; a lost connection shows the error's own message or
 * 'Failed to submit ticket. Please try again.'. In Tamil the headline is the catalog's (the status
 * text and the browser's error are English) and the server's words are translated where known.
 */
export function ticketFailure<F extends string>(result: FailedResult, visibleFields: readonly F[]): FormFailure<F> {
  const english = currentLang() === 'en';
  const t = translator(ticketCatalog);
  if (result.kind === 'network') return { message: (english && result.message.trim()) || t('failed.network'), detail: null, fields: {} };
  const headline = english ? `Backend error: ${result.status} ${result.statusText}`.trim() : t('failed.backend', { status: result.status });
  const { fields, others } = splitFieldMessages(result.error, visibleFields);
  const detail = serverDetail(result, others);
  return { message: detail.text ? `${headline} — ${detail.text}` : headline, detail: null, fields, ...(detail.lang ? { lang: detail.lang } : {}) };
}
