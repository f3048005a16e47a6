import { testServiceFoundation } from '@tca/service-kit/testing';
import { loadContentConfig, SCHEMA, SERVICE_NAME } from './config.js';
import { start } from './server.js';

testServiceFoundation({
  service: { name: SERVICE_NAME, schema: SCHEMA, packageRoot: new URL('..', import.meta.url), loadConfig: loadContentConfig, start },
  expectedTables: [
    'audit_log',
    'blog_posts',
    'contact_messages',
    'content_revision',
    'events',
    'gallery_events',
    'image_sources',
    'image_variants',
    'outbox',
    'schema_migrations',
    'sponsors',
    'support_tickets',
    'team_members',
    'ticket_messages',
  ],
  malformedJson: { path: '/email/send', body: '{"subject":' },
});
