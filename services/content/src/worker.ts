import { runWorkerMain } from '@tca/service-kit';
import { loadContentConfig } from './config.js';
import { startTicketsWorker, TICKETS_WORKER_NAME } from './entry-points/workers/tickets-worker.js';

/**
 * The tickets worker process (declared in package.json "tca.workers"): consumes the `support-tickets`
 * queue and e-mails each submitter a confirmation and the support inbox an alert. Same environment as
 * the content API. Start as many as you like.
 */
await runWorkerMain(TICKETS_WORKER_NAME, loadContentConfig, (config, logger) => startTicketsWorker(config, { logger }));
