import { callApi } from '@tca/ui/api';

/** POST /membership/get: the member's membership records (one or a list; see membership.ts), with the session token. */
export function getMembership(email: string, token: string) {
  return callApi('/membership/get', { method: 'POST', body: { email }, token });
}
