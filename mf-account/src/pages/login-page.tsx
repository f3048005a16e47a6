import { Navigate } from 'react-router-dom';
import { paths } from '@tca/contracts';
import { Page } from '@tca/ui';
import { readUser } from '../session/session-store.js';

export function LoginPage() {
  // Spec §2.3: a visitor who already has a session is sent home.
  if (readUser()) return <Navigate to={paths.home} replace />;
  return <Page title="Login" lead="Log in to your member account." />;
}
