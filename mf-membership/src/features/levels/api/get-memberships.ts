import { callApi } from '@tca/ui/api';

/** POST /membership/get: the member's membership records (one or a list; see offered-levels.ts), with the session token. */
export function getMemberships(token: string, email: string | null) {
  return callApi('/membership/get', { method: 'POST', body: email ? { email } : {}, token });
}
