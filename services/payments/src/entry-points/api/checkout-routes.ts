import { Router, type RequestHandler } from 'express';
import { abandonCheckout } from '../../domain/abandon-checkout.js';
import { createCheckout } from '../../domain/create-checkout.js';
import { lookUpCheckout } from '../../domain/look-up-checkout.js';
import type { PaymentsDeps, PaymentsServices } from './api-deps.js';

export function createCheckoutRouter(deps: PaymentsDeps, services: PaymentsServices, rateLimit: RequestHandler): Router {
  const { pool, logger, config } = deps;
  const { fulfilment, stripe, sessions, identity } = services;
  const checkout = { pool, stripe, sessions, identity, fulfilment, logger, publicUrl: config.PUBLIC_URL };
  const router = Router();

  router.post('/create-checkout-session', rateLimit, async (req, res) => {
    const answer = await createCheckout(checkout, req.body, req.headers.authorization);
    res.status(200).json(answer);
  });

  /** The success page's lookup (fulfils a paid session on the way, so the page works before the webhook arrives). */
  router.get('/checkout-session/:id', async (req, res) => {
    res.json(await lookUpCheckout(checkout, req.params.id, req.log));
  });

  /** The cancel page (beyond the spec): `:id` is the order reference of the cancel URL (or a session id). */
  router.post('/checkout-session/:id/abandon', async (req, res) => {
    const status = await abandonCheckout(checkout, req.params.id, req.log);
    res.json({ status });
  });

  return router;
}
