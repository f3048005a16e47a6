import { ConfigError } from '@tca/service-kit';
import { loadContentConfig } from './config.js';
import { start } from './server.js';

try {
  await start(loadContentConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`content service: ${err.message}`);
  } else {
    console.error('content service failed to start:', err);
  }
  process.exit(1);
}
