import { callApi } from '@tca/ui/api';

/** POST /auth/logout-all: ends every session of the member, this one included. */
export function logOutEverywhere(token: string | null) {
  return callApi('/auth/logout-all', { method: 'POST', token });
}
