import { Router, type Request, type RequestHandler } from 'express';
import { ipRateLimit, requestLang } from '@tca/service-kit';
import { checkoutLocales } from '../../config.js';
import { abandonCheckout } from '../../domain/abandon-checkout.js';
import { createCheckout } from '../../domain/create-checkout.js';
import { lookUpCheckout } from '../../domain/look-up-checkout.js';
import type { PaymentsDeps, PaymentsServices } from './api-deps.js';

/** Redis key prefix of the counter the lookup and the abandon share. */
export const CHECKOUT_LOOKUP_RATE_LIMIT_PREFIX = 'rl:payments:checkout-lookup-ip:';

/**
 * `rateLimit` guards creating a session; the lookup and the abandon, which each ask Stripe, share a
 * per-address limit of their own (CHECKOUT_LOOKUP_RATE_LIMIT_PER_IP), so no client can spend the
 * account's Stripe request allowance.
 */
export function createCheckoutRouter(deps: PaymentsDeps, services: PaymentsServices, rateLimit: RequestHandler): Router {
  const { pool, logger, config, redis } = deps;
  const { fulfilment, stripe, sessions, identity } = services;
  const checkout = { pool, stripe, sessions, identity, fulfilment, logger, publicUrl: config.PUBLIC_URL, locales: checkoutLocales(config) };
  const router = Router();
  const stripeCallLimit = ipRateLimit({
    limit: config.CHECKOUT_LOOKUP_RATE_LIMIT_PER_IP,
    windowMs: config.PAYMENTS_RATE_LIMIT_WINDOW_MS,
    redis,
    logger,
    prefix: CHECKOUT_LOOKUP_RATE_LIMIT_PREFIX,
    message: 'Too many payment status requests from this address.',
  });

  router.post('/create-checkout-session', rateLimit, async (req, res) => {
    // The browser apps send the language shown as Accept-Language: the checkout page's and the receipt's.
    const answer = await createCheckout(checkout, req.body, req.headers.authorization, requestLang(req.get('accept-language')));
    res.status(200).json(answer);
  });

  /** The success page's lookup (fulfils a paid session on the way, so the page works before the webhook arrives). */
  router.get('/checkout-session/:id', stripeCallLimit, async (req: Request<{ id: string }>, res) => {
    res.json(await lookUpCheckout(checkout, req.params.id, req.log));
  });

  /** The cancel page (beyond the spec): `:id` is the order reference of the cancel URL (or a session id). */
  router.post('/checkout-session/:id/abandon', stripeCallLimit, async (req: Request<{ id: string }>, res) => {
    const status = await abandonCheckout(checkout, req.params.id, req.log);
    res.json({ status });
  });

  return router;
}
