import { Navigate } from 'react-router-dom';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { readUser } from '../session/session-store.js';

export function ProfilePage() {
  const user = readUser();
  // Spec §2.3: the profile needs a stored user.
  if (!user) return <Navigate to={paths.login} replace />;
  return <Page title="My Profile" lead={`${user.firstName} ${user.lastName}`} />;
}
