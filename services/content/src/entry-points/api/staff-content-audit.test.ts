import { after, before, describe, it } from 'node:test';
import { assertAuditLogFilters, assertAuditLogUnchangeable, type AuditLogUnderTest } from '@tca/service-kit/testing';
import { startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';

/** Content's audit log API (issue 14): the filters the owner's merged page uses, and no way to change an entry. */

let site: StaffContentSite;
let service: AuditLogUnderTest;

before(async () => {
  site = await startStaffContentSite('content_staff_audit');
  const owner = site.bearer(['owner']);
  service = {
    pool: site.pool,
    sourceDir: new URL('../..', import.meta.url),
    auditPath: '/staff-api/content/audit',
    action: 'post_updated',
    ownerCall: (method, path, body) => site.call(method, path, owner, body),
  };
});
after(async () => {
  await site?.stop();
});

describe("content's audit log", () => {
  it('GET /staff-api/content/audit filters by actor (any case), from/to Adelaide days and action, pages with before; 400 for bad filters', async () => {
    await assertAuditLogFilters(service);
  });

  it('cannot be changed: the triggers exist, no source statement writes to it, no method on its paths changes a row', async () => {
    await assertAuditLogUnchangeable(service);
  });
});
