import { runServiceMain } from '@tca/service-kit';
import { loadIdentityConfig, SERVICE_NAME } from './config.js';
import { start } from './server.js';

await runServiceMain(SERVICE_NAME, loadIdentityConfig, start);
