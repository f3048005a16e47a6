import { Router, type Request } from 'express';
import {
  MEMBER_NOT_FOUND_MESSAGE,
  MEMBER_USER_ID_PATTERN,
  paymentsAuditQuerySchema,
  REFUND_REQUESTED_MESSAGE,
  refundOrderRequestSchema,
  revenueQuerySchema,
  STAFF_PAYMENTS_API_PREFIX,
  staffOrderListQuerySchema,
  type MemberDocumentsAnswer,
  type MemberOrdersAnswer,
  type PaymentsAuditPageAnswer,
  type RevenueAnswer,
  type StaffOrderAnswer,
  type StaffOrderListAnswer,
} from '@tca/contracts';
import { actorOf, createStaffGuard, noStore, NotFoundError, parseBody, parseQuery } from '@tca/service-kit';
import { refundOrder } from '../../domain/refunds.js';
import { revenueCsv, revenueReport } from '../../domain/revenue.js';
import { memberDocumentList, memberOrders, openMemberDocument, paymentsAuditPage, staffOrderDetail, staffOrderList } from '../../domain/staff-orders.js';
import type { PaymentsDeps, PaymentsServices } from './api-deps.js';
import { sendDocument } from './documents-routes.js';

const PREFIX = STAFF_PAYMENTS_API_PREFIX.slice(0, -1);

/** A route parameter as text ('' when missing). */
function param(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}

/** The `:userId` of a member's path: 404 unless it can be one of identity's ids. */
function memberId(req: Request): string {
  const userId = param(req, 'userId');
  if (!MEMBER_USER_ID_PATTERN.test(userId)) throw new NotFoundError(MEMBER_NOT_FOUND_MESSAGE);
  return userId;
}

/**
 * The staff API of payments (issue 15) under /staff-api/payments/: the treasurer's orders, full refunds and revenue report, a member's orders
 * and documents for the members desk, and payments' audit log for the owner. Identity says who calls (the
 * shared staff guard: 401 without a session, 403 without the role; an owner may do everything). Every
 * answer is `Cache-Control: no-store`.
 */
export function createStaffPaymentsRouter(deps: PaymentsDeps, services: PaymentsServices): Router {
  const { pool, config, logger } = deps;
  const router = Router();
  const staff = createStaffGuard({ identityUrl: config.IDENTITY_URL, timeoutMs: config.IDENTITY_TIMEOUT_MS });
  const treasurer = staff(['treasurer']);
  const officerOrTreasurer = staff(['membership_officer', 'treasurer']);
  const officer = staff(['membership_officer']);
  const owner = staff(['owner']);
  router.use(PREFIX, noStore);

  router.get(`${PREFIX}/orders`, treasurer, async (req, res) => {
    const answer: StaffOrderListAnswer = await staffOrderList(pool, parseQuery(staffOrderListQuerySchema, req.query));
    res.json(answer);
  });

  router.get(`${PREFIX}/orders/:reference`, treasurer, async (req, res) => {
    const answer: StaffOrderAnswer = { order: await staffOrderDetail(pool, param(req, 'reference')) };
    res.json(answer);
  });

  router.post(`${PREFIX}/orders/:reference/refund`, treasurer, async (req, res) => {
    const { reason } = parseBody(refundOrderRequestSchema, req.body);
    const reference = param(req, 'reference');
    await refundOrder({ pool, stripe: services.stripe, logger }, reference, reason, actorOf(req));
    const answer: StaffOrderAnswer = { order: await staffOrderDetail(pool, reference), message: REFUND_REQUESTED_MESSAGE };
    res.json(answer);
  });

  router.get(`${PREFIX}/revenue`, treasurer, async (req, res) => {
    const answer: RevenueAnswer = await revenueReport(pool, parseQuery(revenueQuerySchema, req.query).year);
    res.json(answer);
  });

  router.get(`${PREFIX}/revenue.csv`, treasurer, async (req, res) => {
    const { year } = parseQuery(revenueQuerySchema, req.query);
    const csv = revenueCsv(await revenueReport(pool, year));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="revenue-${year}.csv"`);
    res.send(csv);
  });

  router.get(`${PREFIX}/members/:userId/orders`, officerOrTreasurer, async (req, res) => {
    const answer: MemberOrdersAnswer = { orders: await memberOrders(pool, memberId(req)) };
    res.json(answer);
  });

  router.get(`${PREFIX}/members/:userId/documents`, officerOrTreasurer, async (req, res) => {
    const answer: MemberDocumentsAnswer = { documents: await memberDocumentList(pool, memberId(req)) };
    res.json(answer);
  });

  router.get(`${PREFIX}/documents/:id`, officer, async (req, res) => {
    sendDocument(res, await openMemberDocument(pool, param(req, 'id'), actorOf(req)));
  });

  router.get(`${PREFIX}/audit`, owner, async (req, res) => {
    const answer: PaymentsAuditPageAnswer = await paymentsAuditPage(pool, parseQuery(paymentsAuditQuerySchema, req.query));
    res.json(answer);
  });

  return router;
}
