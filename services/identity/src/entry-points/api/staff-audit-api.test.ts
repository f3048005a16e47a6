import { after, before, describe, it } from 'node:test';
import { assertAuditLogFilters, assertAuditLogUnchangeable, type AuditLogUnderTest } from '@tca/service-kit/testing';
import { startTestIdentity, type TestIdentity } from '../../testing/harness.js';
import { newStaffMember } from '../../testing/staff.js';

/** Identity's audit log API (issue 14): the filters the owner's merged page uses, and no way to change an entry. */

let identity: TestIdentity;
let service: AuditLogUnderTest;

before(async () => {
  identity = await startTestIdentity('staff_audit');
  const owner = await newStaffMember(identity, ['owner']);
  service = {
    pool: identity.pool,
    sourceDir: new URL('../..', import.meta.url),
    auditPath: '/staff-api/audit',
    action: 'roles_changed',
    ownerCall: (method, path, body) =>
      fetch(`${identity.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${owner.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
});
after(async () => {
  await identity?.stop();
});

describe("identity's audit log", () => {
  it('GET /staff-api/audit filters by actor (any case), from/to Adelaide days and action, pages with before; 400 for bad filters', async () => {
    await assertAuditLogFilters(service);
  });

  it('cannot be changed: the triggers exist, no source statement writes to it, no method on its paths changes a row', async () => {
    await assertAuditLogUnchangeable(service);
  });
});
