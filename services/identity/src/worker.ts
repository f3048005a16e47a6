import { runWorkerMain } from '@tca/service-kit';
import { loadIdentityConfig } from './config.js';
import { MEMBERSHIP_WORKER_NAME, startMembershipWorker } from './entry-points/workers/membership-worker.js';

/**
 * The membership worker process (declared in package.json "tca.workers"): schedules and runs the daily
 * renewal reminders on the `membership-renewals` queue, and relays the e-mails they record. Same
 * environment as the identity API. Start as many as you like.
 */
await runWorkerMain(MEMBERSHIP_WORKER_NAME, loadIdentityConfig, (config, logger) => startMembershipWorker(config, { logger }));
