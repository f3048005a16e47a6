import { auditPageAnswerSchema, contentAuditPageAnswerSchema, paymentsAuditPageAnswerSchema, STAFF_API_PREFIX, STAFF_CONTENT_API_PREFIX, staffPaymentsPaths } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import type { AuditSource } from '../audit-feed.js';

/** Each source's audit call: identity's GET /staff-api/audit, content's GET /staff-api/content/audit and payments' GET /staff-api/payments/audit (owner). */
const AUDIT_CALLS = {
  identity: { path: `${STAFF_API_PREFIX}audit`, answer: auditPageAnswerSchema },
  content: { path: `${STAFF_CONTENT_API_PREFIX}audit`, answer: contentAuditPageAnswerSchema },
  payments: { path: staffPaymentsPaths.audit, answer: paymentsAuditPageAnswerSchema },
} as const;

/** One page of a source's audit log, `query` as pageQuery makes it. */
export function listAuditPage(source: AuditSource, query: string, token: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  const { path, answer } = AUDIT_CALLS[source];
  return callApi(`${path}?${query}`, { token, answer, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });
}
