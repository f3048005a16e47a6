import { runServiceMain } from '@tca/service-kit';
import { loadSandboxConfig, SERVICE_NAME } from './config.js';
import { start } from './server.js';

await runServiceMain(SERVICE_NAME, loadSandboxConfig, start);
