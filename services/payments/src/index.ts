import { ConfigError } from '@tca/service-kit';
import { loadPaymentsConfig } from './config.js';
import { start } from './server.js';

try {
  await start(loadPaymentsConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`payments service: ${err.message}`);
  } else {
    console.error('payments service failed to start:', err);
  }
  process.exit(1);
}
