import { ConfigError, createLogger } from '@tca/service-kit';
import { loadMailerConfig } from './config.js';
import { startEmailWorker } from './worker.js';

let config;
try {
  config = loadMailerConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`mailer: ${err.message}`);
    process.exit(78); // EX_CONFIG
  }
  throw err;
}

const logger = createLogger({ name: 'mailer', level: config.logLevel });
const mailer = await startEmailWorker(config, { logger });
const graceMs = config.shutdownGraceMs;

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    logger.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing jobs in progress');
  setTimeout(() => {
    logger.error({ graceMs }, 'jobs did not finish in time; exiting (their locks expire and another worker retries them)');
    process.exit(1);
  }, graceMs).unref();
  mailer.close().then(
    () => {
      logger.info('stopped');
      process.exit(0);
    },
    (err: unknown) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
}

process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.on('unhandledRejection', (err) => {
  logger.fatal({ err }, 'unhandled rejection; exiting');
  process.exit(1);
});
