import { runWorkerMain } from '@tca/service-kit';
import { loadPaymentsConfig } from './config.js';
import { PAYMENTS_WORKER_NAME, startPaymentsWorker } from './entry-points/workers/payments-worker.js';

/**
 * The payments worker process (declared in package.json "tca.workers"): consumes the `payment-fulfilment`
 * queue, fulfils paid Checkout Sessions (identity creates the membership; the receipt is queued) and
 * reconciles orders whose webhooks never came. Same environment as the payments API. Start as many as you
 * like (PAYMENTS_WORKERS with npm start).
 */
await runWorkerMain(PAYMENTS_WORKER_NAME, loadPaymentsConfig, (config, logger) => startPaymentsWorker(config, { logger }));
