import { Router, type ErrorRequestHandler } from 'express';
import type { Logger, Pool } from '@tca/service-kit';
import { z } from 'zod';
import { listEvents } from '../../data-access/event-repository.js';
import { StripeApiError } from '../../domain/stripe-error.js';
import type { Switches } from '../../domain/switches.js';
import { requireApiKey } from '../api/auth.js';

export interface AdminDeps {
  pool: Pool;
  logger: Logger;
  switches: Switches;
  secretKey: string;
  webhookEndpoints: readonly string[];
}

const configSchema = z
  .object({
    duplicateDelivery: z.boolean(),
    outOfOrder: z.boolean(),
    outOfOrderWindowMs: z.number().int().min(0).max(60_000),
    deliveryConcurrency: z.number().int().min(1).max(64),
  })
  .partial()
  .strict();

const eventsQuery = z
  .object({
    type: z.string().max(100).optional(),
    session: z.string().max(200).optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(1000))
      .optional(),
  })
  .strict();

/**
 * For tests and people at a terminal (only with SANDBOX_ADMIN=1; the API key is required as for /v1):
 *   GET  /__sandbox/events[?type=…&session=cs_test_…&limit=…]  events, newest first, each with its deliveries
 *   GET  /__sandbox/config                                      the delivery switches
 *   POST /__sandbox/config {"duplicateDelivery":true,…}         flips them at run time (this process only)
 */
export function createAdminRouter({ pool, logger, switches, secretKey, webhookEndpoints }: AdminDeps): Router {
  const router = Router();
  router.use(requireApiKey(secretKey));

  router.get('/events', async (req, res) => {
    const query = eventsQuery.safeParse(req.query);
    if (!query.success) throw new StripeApiError(400, 'invalid_request_error', query.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`).join('; '));
    const data = await listEvents(pool, { ...(query.data.type ? { type: query.data.type } : {}), ...(query.data.session ? { objectId: query.data.session } : {}), limit: query.data.limit ?? 100 });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ object: 'list', data });
  });

  router.get('/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ ...switches, webhookEndpoints });
  });

  router.post('/config', (req, res) => {
    const parsed = configSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new StripeApiError(400, 'invalid_request_error', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
    Object.assign(switches, parsed.data);
    logger.info({ switches }, 'delivery switches changed');
    res.json({ ...switches, webhookEndpoints });
  });

  const adminErrors: ErrorRequestHandler = (err: unknown, _req, res, next) => {
    if (err instanceof StripeApiError) {
      res.status(err.status).json(err.toBody());
      return;
    }
    next(err);
  };
  router.use(adminErrors);
  return router;
}
