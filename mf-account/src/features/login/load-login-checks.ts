/**
 * The login card's checks and answer shapes (login-checks.ts), fetched on the first focus of a field
 * or the first submit, so the validation library is not part of /login's first load.
 */
export const loadLoginChecks = () => import(/* webpackChunkName: "login-checks" */ './login-checks.js');
