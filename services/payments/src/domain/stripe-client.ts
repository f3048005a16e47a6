import Stripe from 'stripe';
import type { PaymentsConfig } from '../config.js';

export type { Stripe };

/**
 * The official Stripe SDK, pointed at api.stripe.com, or at STRIPE_API_BASE (the local sandbox) when set.
 * Network failures and 5xx answers are retried twice by the SDK; every POST carries an idempotency key, so
 * a retried create never makes a second session.
 */
export function createStripeClient(config: Pick<PaymentsConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'tca-payments' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port === '' ? (base.protocol === 'https:' ? 443 : 80) : Number(base.port),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Errors worth trying again later: Stripe unreachable, rate limiting, its own 5xx, a rejected key (an operator can fix it). */
export function isTransientStripeError(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) return true;
  if (err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError) return true;
  return err.statusCode === undefined || err.statusCode >= 500 || err.statusCode === 409;
}

/** A session id as Stripe writes them (cs_test_…, cs_live_…); anything else is not looked up. */
export const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** Whether `err` is an answer (or a failure to get one) from Stripe's SDK. */
export function isStripeError(err: unknown): err is InstanceType<typeof Stripe.errors.StripeError> {
  return err instanceof Stripe.errors.StripeError;
}
