import type { ApiServiceDeps, IdentityClient } from '@tca/service-kit';
import type { PaymentsConfig } from '../../config.js';
import type { Fulfilment } from '../../domain/fulfil-checkout.js';
import type { IdentityInternalClient } from '../../domain/identity-internal-client.js';
import type { Stripe } from '../../domain/stripe-client.js';

/**
 * What the payments routes receive. It lives here, below the routes, so that no route imports server.ts
 * (the composition root that imports the routes).
 */
export type PaymentsDeps = ApiServiceDeps<PaymentsConfig>;

/** What the payments routes work with, besides the shared service deps. */
export interface PaymentsServices {
  stripe: Stripe;
  /** Who a Bearer token belongs to. */
  sessions: IdentityClient;
  identity: IdentityInternalClient;
  fulfilment: Fulfilment;
}
