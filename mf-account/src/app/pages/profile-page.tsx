import { useState } from 'react';
import { Navigate } from '@tca/ui/router';
import { paths } from '@tca/contracts';
import { readUser } from '@tca/ui/session';
import { Profile } from '../../features/profile/components/profile.js';

/**
 * /profile (spec §2.3): no one-second loader; without a stored user it goes to /login. The
 * membership comes from POST /membership/get with the session token; a token the server no longer
 * accepts logs the browser out, any other failure shows the failure screen with Try Again.
 */
export function ProfilePage() {
  const [user] = useState(() => readUser());
  if (!user) return <Navigate to={paths.login} replace />;
  return <Profile user={user} />;
}
