import { ConfigError } from '@tca/service-kit';
import { loadIdentityConfig } from './config.js';
import { start } from './server.js';

try {
  await start(loadIdentityConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`identity service: ${err.message}`);
  } else {
    console.error('identity service failed to start:', err);
  }
  process.exit(1);
}
