import { lazy } from 'react';
import type { RemoteRoutesModule } from '@tca/contracts';

/** One lazily loaded component per page this remote owns; the shell maps them to its routes. */
export const pages: RemoteRoutesModule<'membership'>['pages'] = {
  membership: lazy(() => import('./pages/membership-page.js').then((m) => ({ default: m.MembershipPage }))),
  forms: lazy(() => import('./pages/member-forms-page.js').then((m) => ({ default: m.MemberFormsPage }))),
  confirmation: lazy(() => import('./pages/confirmation-page.js').then((m) => ({ default: m.ConfirmationPage }))),
  success: lazy(() => import('./pages/success-page.js').then((m) => ({ default: m.SuccessPage }))),
  cancel: lazy(() => import('./pages/cancel-page.js').then((m) => ({ default: m.CancelPage }))),
  payment: lazy(() => import('./pages/payment-page.js').then((m) => ({ default: m.PaymentPage }))),
};
