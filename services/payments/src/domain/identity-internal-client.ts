import { z } from 'zod';
import { serviceCaller, type ServiceUrls } from '@tca/service-kit';
import {
  cancelMembershipAnswerSchema,
  eligibilityAnswerSchema,
  internalCancelMembershipPath,
  SERVICE_TOKEN_HEADER,
  type CancelMembershipAnswer,
  type CancelMembershipRequest,
  type CreateMembershipRequest,
  type EligibilityAnswer,
  type MembershipLevelName,
} from '@tca/contracts';

/**
 * The identity service's internal calls (never forwarded by the gateway), authenticated with the shared
 * SERVICE_TOKEN: may this user start a checkout for this level, create the membership record of a paid
 * checkout (idempotent per checkoutSessionId), and cancel the membership of a refunded order (idempotent).
 */
export interface IdentityInternalClient {
  eligibility(userId: string, level: MembershipLevelName): Promise<EligibilityAnswer>;
  createMembership(request: CreateMembershipRequest): Promise<CreatedMembership>;
  cancelMembership(requestId: string, request: CancelMembershipRequest): Promise<CancelMembershipAnswer>;
}

/** What payments keeps of identity's answer (the whole record is identity's). */
export const createdMembershipSchema = z.object({ requestId: z.string().min(1), status: z.string().min(1) });
export type CreatedMembership = z.infer<typeof createdMembershipSchema>;

export const INTERNAL_MEMBERSHIPS_PATH = '/internal/memberships';
export const INTERNAL_ELIGIBILITY_PATH = '/internal/memberships/eligibility';

/**
 * A failed call. `permanent`: identity refused the request itself (a 4xx): asking again will not help.
 * Otherwise (unreachable, time-out, 5xx, 429, an answer of the wrong shape) a later try may succeed.
 */
export class IdentityCallError extends Error {
  override name = 'IdentityCallError';
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface IdentityInternalOptions {
  /** Identity's base URL, or its replicas' (taken in turn: serviceCaller). */
  baseUrl: ServiceUrls;
  /** Undefined: not configured; identity then refuses (503) and the calls fail as transient. */
  serviceToken: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
}

function reason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
    const cause = err.cause;
    if (cause instanceof Error) return `${err.message}: ${'code' in cause && typeof cause.code === 'string' ? cause.code : cause.message}`;
    return err.message;
  }
  return String(err);
}

function postJson(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

export function createIdentityInternalClient(options: IdentityInternalOptions): IdentityInternalClient {
  const { baseUrl, fetch: doFetch } = serviceCaller(options.baseUrl, options.fetch);
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;

  async function call<T>(what: string, path: string, schema: z.ZodType<T>, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(new URL(path.slice(1), base), {
        ...init,
        headers: { ...init.headers, ...(options.serviceToken ? { [SERVICE_TOKEN_HEADER]: options.serviceToken } : {}), Accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new IdentityCallError(`identity ${what}: ${reason(err, options.timeoutMs)}`, false);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (err) {
      throw new IdentityCallError(`identity ${what}: answered ${response.status} without JSON (${reason(err, options.timeoutMs)})`, false, response.status);
    }
    if (!response.ok) {
      const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : '';
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
      throw new IdentityCallError(`identity ${what}: answered ${response.status} ${message}`.trim(), permanent, response.status);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new IdentityCallError(`identity ${what}: answered something unexpected`, false, response.status);
    return parsed.data;
  }

  return {
    eligibility(userId, level) {
      const query = new URLSearchParams({ userId, level });
      return call('eligibility', `${INTERNAL_ELIGIBILITY_PATH}?${query.toString()}`, eligibilityAnswerSchema, { method: 'GET' });
    },
    createMembership(request) {
      return call('create membership', INTERNAL_MEMBERSHIPS_PATH, createdMembershipSchema, postJson(request));
    },
    cancelMembership(requestId, request) {
      return call('cancel membership', internalCancelMembershipPath(requestId), cancelMembershipAnswerSchema, postJson(request));
    },
  };
}
