import assert from 'node:assert/strict';
import { STAFF_ROLES, type StaffRole } from '@tca/contracts';
import type { StaffContentSite } from './staff-content-site.js';

/** A staff call to check: method, path (under the test's prefix) and JSON body. */
export type StaffEndpoint = readonly [method: string, path: string, body?: unknown];

type Call = (method: string, path: string, authorization: string | undefined, body?: unknown) => Promise<Response>;

/**
 * The content editors' role check of every endpoint: no session or an unknown token 401; a member 403
 * `not_staff`; an editor without the second factor 403 `second_factor_required`; every other staff role 403
 * `forbidden`; editor and owner get through (one of `accepted`, or any answer below 500 that is no 401/403).
 */
export async function assertEditorsOnly(site: StaffContentSite, call: Call, endpoints: readonly StaffEndpoint[], accepted?: readonly number[]): Promise<void> {
  await assertRoleOnly(site, call, 'editor', endpoints, accepted);
}

/** The same check for the endpoints of another role (`role` and owner get through; the support desk's: 'support'). */
export async function assertRoleOnly(site: StaffContentSite, call: Call, role: StaffRole, endpoints: readonly StaffEndpoint[], accepted?: readonly number[]): Promise<void> {
  const refused: Array<[string, string | undefined, number, string?]> = [
    ['no session', undefined, 401],
    ['unknown token', 'Bearer nope', 401],
    ['member', site.bearer([]), 403, 'not_staff'],
    [`${role} without second factor`, site.bearer([role], false), 403, 'second_factor_required'],
    ...STAFF_ROLES.filter((r) => r !== role && r !== 'owner').map((other): [string, string, number, string] => [other, site.bearer([other]), 403, 'forbidden']),
  ];
  const allowed = [site.bearer([role]), site.bearer(['owner'])];
  for (const [method, path, body] of endpoints) {
    for (const [who, auth, status, error] of refused) {
      const res = await call(method, path, auth, body);
      assert.equal(res.status, status, `${who} ${method} ${path}`);
      if (error) assert.equal(((await res.json()) as { error: string }).error, error, `${who} ${method} ${path}`);
    }
    for (const auth of allowed) {
      const res = await call(method, path, auth, body);
      const ok = accepted ? accepted.includes(res.status) : res.status < 500 && res.status !== 401 && res.status !== 403;
      assert.ok(ok, `${method} ${path}: ${res.status}`);
    }
  }
}
