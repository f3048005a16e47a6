import { testServiceFoundation } from '@tca/service-kit/testing';
import { loadIdentityConfig, SCHEMA, SERVICE_NAME } from './config.js';
import { start } from './server.js';

testServiceFoundation({
  service: { name: SERVICE_NAME, schema: SCHEMA, packageRoot: new URL('..', import.meta.url), loadConfig: loadIdentityConfig, start },
  expectedTables: ['membership_decisions', 'membership_dependants', 'membership_reminders', 'memberships', 'outbox', 'password_resets', 'schema_migrations', 'sessions', 'users'],
  malformedJson: { path: '/auth/login', body: '{"email":' },
});
