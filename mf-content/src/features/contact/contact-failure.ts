import type { FailedResult } from '@tca/ui/api';
import { translator } from '@tca/ui/i18n';
import { splitFieldMessages } from '@tca/ui/server-errors';
import { serverDetail, type FormFailure } from '../../shared/form-failure.js';
import { contactCatalog } from './messages.js';

/**
 * Contact form (spec §8 'Failed to send message. Please try again later.'). Unlike the old site the
 * failure is shown; for a 4xx the server's message is added (a 429's "too many messages", a 400's
 * summary) and a 400's field messages go under the fields. A 5xx or a lost connection shows only the
 * spec's text: the server's words would not help the visitor. In the language shown.
 */
export function contactFailure<F extends string>(result: FailedResult, visibleFields: readonly F[]): FormFailure<F> {
  const message = translator(contactCatalog)('failed');
  if (result.kind === 'network' || result.status >= 500) return { message, detail: null, fields: {} };
  const { fields, others } = splitFieldMessages(result.error, visibleFields);
  const detail = serverDetail(result, others);
  return { message, detail: detail.text, fields, ...(detail.lang ? { lang: detail.lang } : {}) };
}
