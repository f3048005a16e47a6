import type { RemoteRoutesModule } from '@tca/contracts';

/**
 * The pages this remote owns, for the shell: each page's code, fetched when its route opens. Each
 * chunk is named `page-<PageId>` so the gateway can preload it (PAGE_CHUNK_PREFIX in @tca/contracts).
 */
export const pages: RemoteRoutesModule<'account'>['pages'] = {
  login: { load: () => import(/* webpackChunkName: "page-login" */ './pages/login-page.js').then((m) => m.LoginPage) },
  register: { load: () => import(/* webpackChunkName: "page-register" */ './pages/register-page.js').then((m) => m.RegisterPage) },
  resetPassword: { load: () => import(/* webpackChunkName: "page-resetPassword" */ './pages/reset-password-page.js').then((m) => m.ResetPasswordPage) },
  profile: { load: () => import(/* webpackChunkName: "page-profile" */ './pages/profile-page.js').then((m) => m.ProfilePage) },
};
