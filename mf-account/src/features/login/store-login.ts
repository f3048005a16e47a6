import type { LoginAnswer } from '@tca/contracts';
import { storeSession } from '@tca/ui/session';

/** Stores a login answer's session as the browser keeps it (spec §3), for the password step and the second step alike. */
export async function storeLogin(answer: LoginAnswer): Promise<void> {
  // The phone library (for the stored user's calling code) loads only now, after a successful login.
  const { toLoginUser } = await import(/* webpackChunkName: "session-user" */ './to-login-user.js');
  storeSession(toLoginUser(answer.user), answer.token);
}
