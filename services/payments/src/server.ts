import type { Express } from 'express';
import { createIdentityClient, startApiService, type ApiServiceStartOptions, type RunningApiService } from '@tca/service-kit';
import { MIGRATIONS_DIR, SCHEMA, SERVICE_NAME, type PaymentsConfig } from './config.js';
import { createFulfilment } from './domain/fulfil-checkout.js';
import { createIdentityInternalClient } from './domain/identity-internal-client.js';
import { secondPaymentRefunder } from './domain/refunds.js';
import { createStripeClient } from './domain/stripe-client.js';
import type { PaymentsDeps, PaymentsServices } from './entry-points/api/api-deps.js';
import { createApiRouter } from './entry-points/api/api-routes.js';
import { mountWebhook } from './entry-points/api/webhook-routes.js';

const built = new WeakMap<PaymentsDeps, PaymentsServices>();

/** One set per running service (the webhook, mounted before the JSON parser, and the routes share it). */
export function paymentsServices(deps: PaymentsDeps): PaymentsServices {
  const existing = built.get(deps);
  if (existing) return existing;
  const { config, logger, pool, relay } = deps;
  const stripe = createStripeClient(config);
  const identity = createIdentityInternalClient({ baseUrl: config.IDENTITY_URL, serviceToken: config.SERVICE_TOKEN, timeoutMs: config.IDENTITY_TIMEOUT_MS });
  const services: PaymentsServices = {
    stripe,
    sessions: createIdentityClient({ baseUrl: config.IDENTITY_URL, timeoutMs: config.IDENTITY_TIMEOUT_MS }),
    identity,
    fulfilment: createFulfilment({ pool, stripe, identity, relay, logger, publicUrl: config.PUBLIC_URL, refundSecondPayment: secondPaymentRefunder({ pool, stripe, logger }) }),
  };
  built.set(deps, services);
  return services;
}

/** Migrates, then serves: the shared start-up of startApiService with this service's schema, migrations and routes. */
export function start(config: PaymentsConfig, options: ApiServiceStartOptions = {}): Promise<RunningApiService> {
  return startApiService({
    name: SERVICE_NAME,
    schema: SCHEMA,
    migrationsDir: MIGRATIONS_DIR,
    createRouter: (deps) => createApiRouter(deps, paymentsServices(deps)),
    beforeJson: (app: Express, deps) => mountWebhook(app, deps, paymentsServices(deps)),
    config,
    ...options,
  });
}
