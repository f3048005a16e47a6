import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createMembershipRequestSchema, SERVICE_TOKEN_HEADER, type AccountUser, type CreateMembershipRequest, type EligibilityAnswer, type SessionAnswer } from '@tca/contracts';
import { bearerToken, IDENTITY_SESSION_PATH } from '@tca/service-kit';
import { stubAccountUser } from '@tca/service-kit/testing';
import { INTERNAL_ELIGIBILITY_PATH, INTERNAL_MEMBERSHIPS_PATH } from '../domain/identity-internal-client.js';

/**
 * Test support: a stand-in for the three identity calls payments makes, on a real HTTP port:
 * GET /auth/session (who a Bearer token is), GET /internal/memberships/eligibility and POST
 * /internal/memberships (idempotent per checkoutSessionId, as identity promises), the internal ones
 * only with the right X-Service-Token. Tests switch the internal calls to failing modes and set a
 * user's eligibility.
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
  issue(user?: Partial<AccountUser>): { token: string; user: AccountUser };
  /** What eligibility answers for this user (default allowed). */
  setEligibility(userId: string, answer: EligibilityAnswer): void;
  close(): Promise<void>;
}

export async function startPaymentsIdentityStub(options: { autoApprove?: boolean } = {}): Promise<PaymentsIdentityStub> {
  const sessions = new Map<string, SessionAnswer>();
  const eligibility = new Map<string, EligibilityAnswer>();
  const memberships = new Map<string, StoredMembership>();
  const sockets = new Set<Socket>();
  const serviceToken = randomBytes(24).toString('hex');
  let createCalls = 0;

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (req.method === 'GET' && url.pathname === IDENTITY_SESSION_PATH) {
      const token = bearerToken(req.headers.authorization);
      const session = token === undefined ? undefined : sessions.get(token);
      if (!session) return json(res, 401, { error: 'unauthorized', message: 'Your session has expired. Please log in again.' });
      return json(res, 200, session);
    }
    if (!url.pathname.startsWith('/internal/')) return json(res, 404, { error: 'not_found', message: 'Not found.' });
    const creating = req.method === 'POST' && url.pathname === INTERNAL_MEMBERSHIPS_PATH;
    if (creating) createCalls += 1;
    if (req.headers[SERVICE_TOKEN_HEADER] !== serviceToken) return json(res, 401, { error: 'invalid_service_token', message: 'This call needs a valid X-Service-Token header.' });
    if (stub.internalMode === 'unavailable') return json(res, 503, { error: 'service_unavailable', message: 'Down for maintenance.' });

    if (req.method === 'GET' && url.pathname === INTERNAL_ELIGIBILITY_PATH) {
      const userId = url.searchParams.get('userId') ?? '';
      return json(res, 200, eligibility.get(userId) ?? { allowed: true });
    }
    if (creating) {
      if (stub.internalMode === 'reject') return json(res, 400, { error: 'validation_failed', message: 'Refused by the test.' });
      const parsed = createMembershipRequestSchema.safeParse(await readJson(req));
      if (!parsed.success) return json(res, 400, { error: 'validation_failed', message: parsed.error.message });
      const existing = memberships.get(parsed.data.checkoutSessionId);
      if (existing) return json(res, 200, { requestId: existing.requestId, status: existing.status, membershipName: parsed.data.membershipName, created: false });
      const stored: StoredMembership = { requestId: `REQ-${randomBytes(5).toString('hex').toUpperCase()}`, status: options.autoApprove ? 'Active' : 'Pending', request: parsed.data };
      memberships.set(parsed.data.checkoutSessionId, stored);
      return json(res, 201, { requestId: stored.requestId, status: stored.status, membershipName: parsed.data.membershipName, created: true });
    }
    return json(res, 404, { error: 'not_found', message: 'Not found.' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: 'internal', message: String(err) }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  const stub: PaymentsIdentityStub = {
    url: `http://127.0.0.1:${port}`,
    serviceToken,
    internalMode: 'normal',
    memberships,
    get createCalls() {
      return createCalls;
    },
    issue(user = {}) {
      const token = randomBytes(24).toString('base64url');
      const session: SessionAnswer = { user: stubAccountUser(user), expiresAt: new Date(Date.now() + 24 * 3600 * 1000).toISOString() };
      sessions.set(token, session);
      return { token, user: session.user };
    },
    setEligibility(userId, answer) {
      eligibility.set(userId, answer);
    },
    async close() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
  return stub;
}
