/**
 * The state a link to /login may carry: links elsewhere (a used reset link) open the login card on the
 * reset request with `state: { view: 'reset' }`.
 */
export type LoginView = 'login' | 'reset';

export interface LoginLocationState {
  view?: LoginView;
}
