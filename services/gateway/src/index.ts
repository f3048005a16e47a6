import { ConfigError } from '@tca/service-kit';
import { loadGatewayConfig, start } from './server.js';

try {
  const config = loadGatewayConfig();
  await start(config, { handleSignals: true });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`gateway: ${err.message}`);
    process.exit(78); // EX_CONFIG
  }
  throw err;
}
