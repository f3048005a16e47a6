import type { RemoteRoutesModule } from '@tca/contracts';
import { prepareMembershipPage } from '../features/levels/held-memberships.js';

/**
 * The pages this remote owns, for the shell: each page's code, fetched when its route opens. Each
 * chunk is named `page-<PageId>` so the gateway can preload it (PAGE_CHUNK_PREFIX in @tca/contracts).
 */
export const pages: RemoteRoutesModule<'membership'>['pages'] = {
  membership: {
    load: () => import(/* webpackChunkName: "page-membership" */ './pages/membership-page.js').then((m) => m.MembershipPage),
    // A member's held levels, so the cards they cannot buy are gone from the first paint.
    prepare: prepareMembershipPage,
  },
  forms: { load: () => import(/* webpackChunkName: "page-forms" */ './pages/member-forms-page.js').then((m) => m.MemberFormsPage) },
  confirmation: { load: () => import(/* webpackChunkName: "page-confirmation" */ './pages/confirmation-page.js').then((m) => m.ConfirmationPage) },
  success: { load: () => import(/* webpackChunkName: "page-success" */ './pages/success-page.js').then((m) => m.SuccessPage) },
  cancel: { load: () => import(/* webpackChunkName: "page-cancel" */ './pages/cancel-page.js').then((m) => m.CancelPage) },
  payment: { load: () => import(/* webpackChunkName: "page-payment" */ './pages/payment-page.js').then((m) => m.PaymentPage) },
};
