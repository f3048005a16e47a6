import { testServiceFoundation } from '@tca/service-kit/testing';
import { loadPaymentsConfig, SCHEMA, SERVICE_NAME } from './config.js';
import { start } from './server.js';

testServiceFoundation({
  service: { name: SERVICE_NAME, schema: SCHEMA, packageRoot: new URL('..', import.meta.url), loadConfig: loadPaymentsConfig, start },
  expectedTables: ['checkout_orders', 'dependants', 'memberships', 'outbox', 'schema_migrations'],
  malformedJson: { path: '/create-checkout-session', body: '{"productName":' },
});
