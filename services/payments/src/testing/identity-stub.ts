import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cancelMembershipRequestSchema, createMembershipRequestSchema, SERVICE_TOKEN_HEADER, type AccountUser, type CreateMembershipRequest, type EligibilityAnswer, type StaffRole } from '@tca/contracts';
import { sendJson, startIdentityStub } from '@tca/service-kit/testing';
import { INTERNAL_ELIGIBILITY_PATH, INTERNAL_MEMBERSHIPS_PATH } from '../domain/identity-internal-client.js';

/**
 * Test support: a stand-in for the three identity calls payments makes, on a real HTTP port:
 * GET /auth/session (who a Bearer token is; service-kit's identity stub answers it, this one adds the
 * rest), GET /internal/memberships/eligibility and POST /internal/memberships (idempotent per
 * checkoutSessionId, as identity promises), the internal ones only with the right X-Service-Token.
 * Tests switch the internal calls to failing modes and set a user's eligibility.
 */
export type InternalMode =
  /** Answers as identity does. */
  | 'normal'
  /** 503 for every internal call (identity down for maintenance). */
  | 'unavailable'
  /** 400 for membership creation (identity refuses the request). */
  | 'reject';

export interface StoredMembership {
  requestId: string;
  status: string;
  request: CreateMembershipRequest;
}

export interface PaymentsIdentityStub {
  url: string;
  serviceToken: string;
  internalMode: InternalMode;
  /** Memberships by checkout session id: created once each. */
  readonly memberships: ReadonlyMap<string, StoredMembership>;
  /** POST /internal/memberships calls received (any outcome). */
  readonly createCalls: number;
  /** POST /internal/memberships/:requestId/cancel calls that cancelled a membership (not those that found it cancelled). */
  readonly cancellations: number;
  /** A session for a user; `staff` gives it staff roles (and whether it passed the second factor, default yes). */
  issue(user?: Partial<AccountUser>, staff?: { roles: StaffRole[]; secondFactor?: boolean }): { token: string; user: AccountUser };
  /** What eligibility answers for this user (default allowed). */
  setEligibility(userId: string, answer: EligibilityAnswer): void;
  close(): Promise<void>;
}

export async function startPaymentsIdentityStub(options: { autoApprove?: boolean } = {}): Promise<PaymentsIdentityStub> {
  const eligibility = new Map<string, EligibilityAnswer>();
  const memberships = new Map<string, StoredMembership>();
  const serviceToken = randomBytes(24).toString('hex');
  let createCalls = 0;
  let cancellations = 0;

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  }

  /** The internal calls; the session lookup is service-kit's identity stub's own. */
  async function answerInternal(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (!url.pathname.startsWith('/internal/')) return sendJson(res, 404, { error: 'not_found', message: 'Not found.' });
    const creating = req.method === 'POST' && url.pathname === INTERNAL_MEMBERSHIPS_PATH;
    if (creating) createCalls += 1;
    if (req.headers[SERVICE_TOKEN_HEADER] !== serviceToken) return sendJson(res, 401, { error: 'invalid_service_token', message: 'This call needs a valid X-Service-Token header.' });
    if (stub.internalMode === 'unavailable') return sendJson(res, 503, { error: 'service_unavailable', message: 'Down for maintenance.' });

    if (req.method === 'GET' && url.pathname === INTERNAL_ELIGIBILITY_PATH) {
      const userId = url.searchParams.get('userId') ?? '';
      return sendJson(res, 200, eligibility.get(userId) ?? { allowed: true });
    }
    if (creating) {
      if (stub.internalMode === 'reject') return sendJson(res, 400, { error: 'validation_failed', message: 'Refused by the test.' });
      const parsed = createMembershipRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) return sendJson(res, 400, { error: 'validation_failed', message: parsed.error.message });
      const existing = memberships.get(parsed.data.checkoutSessionId);
      if (existing) return sendJson(res, 200, { requestId: existing.requestId, status: existing.status, membershipName: parsed.data.membershipName, created: false });
      const stored: StoredMembership = { requestId: `REQ-${randomBytes(5).toString('hex').toUpperCase()}`, status: options.autoApprove ? 'Active' : 'Pending', request: parsed.data };
      memberships.set(parsed.data.checkoutSessionId, stored);
      return sendJson(res, 201, { requestId: stored.requestId, status: stored.status, membershipName: parsed.data.membershipName, created: true });
    }
    const cancel = /^\/internal\/memberships\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel) {
      const parsed = cancelMembershipRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) return sendJson(res, 400, { error: 'validation_failed', message: parsed.error.message });
      const requestId = decodeURIComponent(cancel[1] ?? '');
      const found = [...memberships.values()].find((membership) => membership.requestId === requestId);
      if (!found) return sendJson(res, 404, { error: 'membership_not_found', message: 'There is no membership with this request ID.' });
      const cancelled = found.status !== 'Cancelled';
      if (cancelled) cancellations += 1;
      found.status = 'Cancelled';
      return sendJson(res, 200, { requestId, status: 'Cancelled', cancelled });
    }
    return sendJson(res, 404, { error: 'not_found', message: 'Not found.' });
  }

  const identity = await startIdentityStub({ otherRequests: answerInternal });
  const stub: PaymentsIdentityStub = {
    url: identity.url,
    serviceToken,
    internalMode: 'normal',
    memberships,
    get createCalls() {
      return createCalls;
    },
    get cancellations() {
      return cancellations;
    },
    issue: (user, staff) => identity.issue(user, staff ? { roles: staff.roles, secondFactor: staff.secondFactor ?? true } : undefined),
    setEligibility(userId, answer) {
      eligibility.set(userId, answer);
    },
    close: () => identity.close(),
  };
  return stub;
}
