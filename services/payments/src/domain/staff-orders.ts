import {
  AUDIT_PAGE_DEFAULT,
  AUDIT_TIME_ZONE,
  DOCUMENT_NOT_FOUND_MESSAGE,
  ORDER_LIST_PAGE_SIZE,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_REFERENCE_PATTERN,
  type MemberDocumentSummary,
  type PaymentsAuditAction,
  type PaymentsAuditPageAnswer,
  type PaymentsAuditQuery,
  type StaffOrderDetail,
  type StaffOrderListAnswer,
  type StaffOrderListQuery,
  type StaffOrderSummary,
} from '@tca/contracts';
import { auditPageAnswer, NotFoundError, recordAudit, withTransaction, type Pool, type PoolClient, type StaffActor } from '@tca/service-kit';
import { documentsOfOwner, readAnyDocument, type DocumentSummary } from '../data-access/document-repository.js';
import { findOrderByReference, type Order } from '../data-access/order-repository.js';
import { auditEntries, listOrders, orderEvents, ordersOfUser, type OrderSearch } from '../data-access/staff-order-repository.js';
import { orderNumber } from './receipt-email.js';

/**
 * The treasurer's desk (issue 15): orders as staff see them, a member's orders and documents for the
 * members desk, and payments' own audit log. Changes staff make (refunds, opening a document) are audited
 * in the transaction that makes them.
 */

/** The most orders or documents a member's page lists. */
export const MEMBER_LIST_LIMIT = 200;

/** Writes one entry of payments' audit log. */
export function auditPayments(db: Pool | PoolClient, actor: StaffActor, action: PaymentsAuditAction, target: string, summary: string): Promise<void> {
  return recordAudit(db, actor, action, target, summary);
}

export function toStaffOrderSummary(order: Order): StaffOrderSummary {
  return {
    reference: order.reference,
    orderNumber: orderNumber(order),
    kind: order.kind,
    status: order.status,
    amountCents: order.amountCents,
    currency: order.currency,
    email: order.email ?? order.customerEmail,
    userId: order.userId,
    level: order.level,
    productName: order.productName,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    problem: order.problem,
  };
}

const ORDER_NUMBER = /^ORD-\d{4}-(\d{1,9})$/i;

/** What the search box names: a reference, a receipt's order number, else part of an e-mail address. */
export function orderSearch(q: string | undefined): OrderSearch | undefined {
  if (q === undefined || q === '') return undefined;
  if (ORDER_REFERENCE_PATTERN.test(q)) return { reference: q };
  const number = ORDER_NUMBER.exec(q)?.[1];
  if (number !== undefined) return { orderId: Number(number) };
  return { email: q };
}

/** GET /staff-api/payments/orders. */
export async function staffOrderList(pool: Pool, query: StaffOrderListQuery): Promise<StaffOrderListAnswer> {
  const page = query.page ?? 1;
  const { orders, total } = await listOrders(pool, { filter: query.filter ?? 'all', search: orderSearch(query.q), offset: (page - 1) * ORDER_LIST_PAGE_SIZE, limit: ORDER_LIST_PAGE_SIZE });
  return { orders: orders.map(toStaffOrderSummary), total, page, pageSize: ORDER_LIST_PAGE_SIZE };
}

/** An order with its history; 404 for an unknown reference. */
export async function staffOrderDetail(db: Pool | PoolClient, reference: string): Promise<StaffOrderDetail> {
  const order = ORDER_REFERENCE_PATTERN.test(reference) ? await findOrderByReference(db, reference) : undefined;
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  const events = await orderEvents(db, order.id);
  return {
    ...toStaffOrderSummary(order),
    quantity: order.quantity,
    stripeSessionId: order.stripeSessionId,
    stripePaymentIntentId: order.stripePaymentIntentId,
    receiptNumber: order.paidAt ? orderNumber(order) : null,
    membershipRequestId: order.membershipRequestId,
    membershipStatus: order.membershipStatus,
    refund:
      order.refundRequestedAt && order.refundReason !== null
        ? {
            id: order.refundId,
            reason: order.refundReason,
            requestedBy: order.refundRequestedBy ?? '',
            requestedAt: order.refundRequestedAt.toISOString(),
            refundedAt: order.refundedAt?.toISOString() ?? null,
          }
        : null,
    events: events.map((event) => ({ at: event.at.toISOString(), fromStatus: event.from_status, toStatus: event.to_status, source: event.source, detail: event.detail })),
  };
}

/** GET /staff-api/payments/members/:userId/orders. */
export async function memberOrders(pool: Pool, userId: string): Promise<StaffOrderSummary[]> {
  return (await ordersOfUser(pool, userId, MEMBER_LIST_LIMIT)).map(toStaffOrderSummary);
}

/** GET /staff-api/payments/members/:userId/documents. */
export async function memberDocumentList(pool: Pool, userId: string): Promise<MemberDocumentSummary[]> {
  return (await documentsOfOwner(pool, userId, MEMBER_LIST_LIMIT)).map((doc) => ({ id: doc.id, fileName: doc.fileName, contentType: doc.type, size: doc.size, uploadedAt: doc.createdAt.toISOString() }));
}

/** A member's document for a staff member, the opening written to the audit log first; 404 for an unknown id. */
export async function openMemberDocument(pool: Pool, id: string, actor: StaffActor): Promise<DocumentSummary & { data: Buffer }> {
  return withTransaction(pool, async (client) => {
    const document = await readAnyDocument(client, id);
    if (!document) throw new NotFoundError(DOCUMENT_NOT_FOUND_MESSAGE);
    await auditPayments(client, actor, 'document_opened', `document:${document.id}`, `Opened ${document.fileName} (${document.type}, ${document.size} bytes) of user ${document.ownerUserId}.`);
    return document;
  });
}

/** GET /staff-api/payments/audit (owner): newest first, as identity's and content's. */
export async function paymentsAuditPage(pool: Pool, query: PaymentsAuditQuery): Promise<PaymentsAuditPageAnswer> {
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await auditEntries(pool, { action: query.action, actor: query.actor, from: query.from, to: query.to, timeZone: AUDIT_TIME_ZONE, before: query.before, limit });
  return auditPageAnswer(rows, limit);
}
