import type { AccountUser } from '@tca/contracts';
import { AppError, ServiceUnavailableError, type IdentityClient } from '@tca/service-kit';

export const LOGIN_REQUIRED_MESSAGE = 'Please log in before proceeding';

/** The logged-in user of a request, or 401 'Please log in before proceeding' (503 while identity cannot say). */
export async function requireUser(sessions: IdentityClient, authorization: string | undefined): Promise<AccountUser> {
  const lookup = await sessions.lookup(authorization);
  if (lookup.kind === 'session') return lookup.session.user;
  if (lookup.kind === 'none') throw new AppError(401, 'login_required', LOGIN_REQUIRED_MESSAGE);
  throw new ServiceUnavailableError('We could not check your login just now. Please try again shortly.');
}
