import { accountExportSchema } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';

/** GET /auth/my-data (identity): the account, its sessions and its memberships. */
export function getAccountExport(token: string, fetchImpl?: FetchLike) {
  return callApi('/auth/my-data', { token, answer: accountExportSchema, ...(fetchImpl ? { fetchImpl } : {}) });
}
