import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { withTransaction, type Logger, type Pool, type PoolClient } from '@tca/service-kit';
import { API_VERSION } from '../../config.js';
import { runIdempotent } from '../../data-access/idempotency-repository.js';
import { lineItemList } from '../../domain/checkout-session.js';
import type { CheckoutSandbox } from '../../domain/checkout-sandbox.js';
import { parseCreateSession, parseExpand } from '../../domain/create-session-params.js';
import { newRequestId } from '../../domain/ids.js';
import { parseCreateRefund, toStripeRefund, type RefundSandbox } from '../../domain/refund-sandbox.js';
import { invalidRequest, StripeApiError } from '../../domain/stripe-error.js';
import { requireApiKey } from './auth.js';

export interface StripeRoutesDeps {
  pool: Pool;
  logger: Logger;
  sandbox: CheckoutSandbox;
  refunds: RefundSandbox;
  secretKey: string;
}

type Params = Record<string, unknown>;

function paramsOf(value: unknown): Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};
}

/** The `:id` of the path (a session's or a refund's). */
function idParam(req: Request): string {
  const id = req.params.id;
  return typeof id === 'string' ? id : '';
}

/**
 * A POST's work, once per Idempotency-Key (stripe-node sends one with every POST). Replays answer the
 * stored result with `Idempotent-Replayed: true`.
 */
async function answerPost(
  req: Request,
  res: Response,
  pool: Pool,
  params: Params,
  work: (client: PoolClient) => Promise<unknown>,
): Promise<void> {
  const key = req.get('Idempotency-Key');
  if (key !== undefined && (key.length === 0 || key.length > 255)) throw invalidRequest('Idempotency keys must be 1 to 255 characters long.', undefined, 'idempotency_key_invalid');
  if (key === undefined) {
    res.json(await withTransaction(pool, work));
    return;
  }
  const result = await runIdempotent(pool, { key, method: req.method, path: req.path, params }, async (client) => ({ status: 200, body: await work(client) }));
  res.setHeader('Idempotency-Key', key);
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(result.status).json(result.body);
}

/** Stripe's v1 API for Checkout Sessions and Refunds, as stripe-node 23 calls it (form-encoded bodies, expand[], Idempotency-Key). */
export function createStripeRouter({ pool, logger, sandbox, refunds, secretKey }: StripeRoutesDeps): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Request-Id', newRequestId());
    res.setHeader('Stripe-Version', API_VERSION);
    res.setHeader('Cache-Control', 'no-cache, no-store');
    next();
  });
  router.use(requireApiKey(secretKey));
  router.use(express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 1000 }));

  router.post('/checkout/sessions', async (req, res) => {
    const params = paramsOf(req.body);
    const now = Math.floor(Date.now() / 1000);
    const input = parseCreateSession(params, now);
    await answerPost(req, res, pool, params, async (client) => sandbox.view(await sandbox.create(client, input, now), input.expand));
  });

  router.get('/checkout/sessions/:id', async (req, res) => {
    const expand = parseExpand(paramsOf(req.query).expand);
    res.json(sandbox.view(await sandbox.get(idParam(req)), expand));
  });

  router.get('/checkout/sessions/:id/line_items', async (req, res) => {
    res.json(lineItemList(await sandbox.get(idParam(req))));
  });

  router.post('/checkout/sessions/:id/expire', async (req, res) => {
    const params = paramsOf(req.body);
    const expand = parseExpand(params.expand);
    await answerPost(req, res, pool, params, async (client) => sandbox.view(await sandbox.expire(client, idParam(req)), expand));
    sandbox.notifyEvent();
  });

  router.post('/refunds', async (req, res) => {
    const params = paramsOf(req.body);
    const input = parseCreateRefund(params);
    await answerPost(req, res, pool, params, async (client) => toStripeRefund(await refunds.create(client, input, Math.floor(Date.now() / 1000))));
    refunds.notifyEvent();
  });

  router.get('/refunds/:id', async (req, res) => {
    res.json(toStripeRefund(await refunds.get(idParam(req))));
  });

  router.use((req, _res, next) => {
    next(new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.originalUrl.split('?')[0]}). The Stripe sandbox implements only Checkout Sessions and Refunds.`));
  });

  const stripeErrors: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
    if (err instanceof StripeApiError) {
      res.status(err.status).json(err.toBody());
      return;
    }
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Body parser: unreadable, too large or too deeply nested.
      res.status(status).json(new StripeApiError(400, 'invalid_request_error', (err as Error).message || 'Invalid request body.').toBody());
      return;
    }
    logger.error({ err }, 'stripe sandbox request failed');
    res.status(500).json(new StripeApiError(500, 'api_error', 'An unknown error occurred in the Stripe sandbox.').toBody());
  };
  router.use(stripeErrors);
  return router;
}
