import { runWorkerMain } from '@tca/service-kit';
import { loadMailerConfig } from './config.js';
import { startEmailWorker } from './worker.js';

/** The mailer's configuration, with the two settings under the names runWorkerMain reads. */
function loadConfig() {
  const config = loadMailerConfig();
  return { ...config, LOG_LEVEL: config.logLevel, SHUTDOWN_GRACE_MS: config.shutdownGraceMs };
}

await runWorkerMain('mailer', loadConfig, (config, logger) => startEmailWorker(config, { logger }), { configErrorExitCode: 78 /* EX_CONFIG */ });
