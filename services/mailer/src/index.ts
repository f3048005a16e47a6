import { runWorkerMain } from '@tca/service-kit';
import { loadMailerConfig } from './config.js';
import { startEmailWorker } from './worker.js';

await runWorkerMain('mailer', () => loadMailerConfig(), (config, logger) => startEmailWorker(config, { logger }), { configErrorExitCode: 78 /* EX_CONFIG */ });
