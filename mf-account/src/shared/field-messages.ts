import { splitFieldMessages } from '@tca/ui/server-errors';
import type { FailedResult } from '@tca/ui/api';

/** The server's per-field messages that belong to fields the form shows (register, change password). */
export function fieldMessages<F extends string>(result: FailedResult, visible: readonly F[]): Partial<Record<F, string>> {
  return result.kind === 'http' ? splitFieldMessages(result.error, visible).fields : {};
}
