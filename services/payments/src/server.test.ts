import { testServiceFoundation } from '@tca/service-kit/testing';
import { loadPaymentsConfig, SCHEMA, SERVICE_NAME } from './config.js';
import { start } from './server.js';

testServiceFoundation({
  service: { name: SERVICE_NAME, schema: SCHEMA, packageRoot: new URL('..', import.meta.url), loadConfig: loadPaymentsConfig, start },
  expectedTables: ['audit_log', 'checkout_orders', 'member_documents', 'order_events', 'outbox', 'schema_migrations', 'stripe_events'],
  malformedJson: { path: '/create-checkout-session', body: '{"productName":' },
  // Required by payments; nothing in these suites calls Stripe.
  env: { STRIPE_SECRET_KEY: 'sk_test_foundation0000', STRIPE_WEBHOOK_SECRET: 'whsec_foundation0000', STRIPE_API_BASE: 'http://127.0.0.1:9' },
});
