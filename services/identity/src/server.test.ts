import { testServiceFoundation } from '@tca/service-kit/testing';
import { loadIdentityConfig, SCHEMA, SERVICE_NAME } from './config.js';
import { start } from './server.js';

testServiceFoundation({
  service: { name: SERVICE_NAME, schema: SCHEMA, packageRoot: new URL('..', import.meta.url), loadConfig: loadIdentityConfig, start },
  expectedTables: [
    'announcement_recipients',
    'announcements',
    'audit_log',
    'login_challenges',
    'membership_decisions',
    'membership_dependants',
    'membership_reminders',
    'memberships',
    'outbox',
    'password_resets',
    'recovery_codes',
    'schema_migrations',
    'sessions',
    'staff_invitations',
    'staff_roles',
    'totp_factors',
    'users',
  ],
  malformedJson: { path: '/auth/login', body: '{"email":' },
});
