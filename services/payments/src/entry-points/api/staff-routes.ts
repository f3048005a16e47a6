import { Router, type Request } from 'express';
import {
  paymentsAuditQuerySchema,
  STAFF_PAYMENTS_API_PREFIX,
  staffOrderListQuerySchema,
  type MemberDocumentsAnswer,
  type MemberOrdersAnswer,
  type PaymentsAuditPageAnswer,
  type StaffOrderAnswer,
  type StaffOrderListAnswer,
} from '@tca/contracts';
import { actorOf, createStaffGuard, parseQuery } from '@tca/service-kit';
import { memberDocumentList, memberOrders, openMemberDocument, paymentsAuditPage, staffOrderDetail, staffOrderList } from '../../domain/staff-orders.js';
import type { PaymentsDeps } from './api-deps.js';
import { sendDocument } from './documents-routes.js';

const PREFIX = STAFF_PAYMENTS_API_PREFIX.slice(0, -1);

/** A route parameter as text ('' when missing). */
function param(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The staff API of payments (issue 15) under /staff-api/payments/: the treasurer's orders, a member's orders
 * and documents for the members desk, and payments' audit log for the owner. Identity says who calls (the
 * shared staff guard: 401 without a session, 403 without the role; an owner may do everything). Every
 * answer is `Cache-Control: no-store`.
 */
export function createStaffPaymentsRouter(deps: PaymentsDeps): Router {
  const { pool, config } = deps;
  const router = Router();
  const staff = createStaffGuard({ identityUrl: config.IDENTITY_URL, timeoutMs: config.IDENTITY_TIMEOUT_MS });
  const treasurer = staff(['treasurer']);
  const officerOrTreasurer = staff(['membership_officer', 'treasurer']);
  const officer = staff(['membership_officer']);
  const owner = staff(['owner']);
  router.use(PREFIX, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get(`${PREFIX}/orders`, treasurer, async (req, res) => {
    const answer: StaffOrderListAnswer = await staffOrderList(pool, parseQuery(staffOrderListQuerySchema, req.query));
    res.json(answer);
  });

  router.get(`${PREFIX}/orders/:reference`, treasurer, async (req, res) => {
    const answer: StaffOrderAnswer = { order: await staffOrderDetail(pool, param(req, 'reference')) };
    res.json(answer);
  });

  router.get(`${PREFIX}/members/:userId/orders`, officerOrTreasurer, async (req, res) => {
    const answer: MemberOrdersAnswer = { orders: await memberOrders(pool, param(req, 'userId')) };
    res.json(answer);
  });

  router.get(`${PREFIX}/members/:userId/documents`, officerOrTreasurer, async (req, res) => {
    const answer: MemberDocumentsAnswer = { documents: await memberDocumentList(pool, param(req, 'userId')) };
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
