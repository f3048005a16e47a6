import { lazy } from 'react';
import type { RemoteRoutesModule } from '@tca/contracts';

/** One lazily loaded component per page this remote owns; the shell maps them to its routes. */
export const pages: RemoteRoutesModule<'account'>['pages'] = {
  login: lazy(() => import('./pages/login-page.js').then((m) => ({ default: m.LoginPage }))),
  register: lazy(() => import('./pages/register-page.js').then((m) => ({ default: m.RegisterPage }))),
  resetPassword: lazy(() => import('./pages/reset-password-page.js').then((m) => ({ default: m.ResetPasswordPage }))),
  profile: lazy(() => import('./pages/profile-page.js').then((m) => ({ default: m.ProfilePage }))),
};
