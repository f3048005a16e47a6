import { clearSession, readToken } from '@tca/ui/session';
import { endSession, type EndSessionReason } from './logout.js';

/** endSession for this browser tab: the stored session of `mf_account/session`, then a full load of /login. */
export function endBrowserSession(reason: EndSessionReason): Promise<void> {
  return endSession(reason, { session: { readToken, clearSession }, load: (path) => window.location.assign(path) });
}
