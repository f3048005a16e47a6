import { z } from 'zod';
import { auditEntrySchema, auditQuerySchemaFor } from './staff.js';
import { AUDIT_TIME_ZONE } from './staff-audit.js';
import { textField } from './text-field.js';

/**
 * The treasurer's desk (issue 15), on the payments service under /staff-api/payments/: checkout orders with
 * their state changes, full refunds through Stripe, and for the members desk a member's orders and uploaded
 * documents (each opening audited). The payments service keeps its own audit log, the third source of the
 * owner's audit page.
 */

export const STAFF_PAYMENTS_API_PREFIX = '/staff-api/payments/';

/** What payments' audit log records (GET /staff-api/payments/audit). */
export const PAYMENTS_AUDIT_ACTIONS = ['order_refunded', 'document_opened'] as const;
export type PaymentsAuditAction = (typeof PAYMENTS_AUDIT_ACTIONS)[number];

/** GET /staff-api/payments/audit?action=&actor=&from=&to=&before=&limit= (owner): as identity's and content's. */
export const paymentsAuditQuerySchema = auditQuerySchemaFor(PAYMENTS_AUDIT_ACTIONS);
export type PaymentsAuditQuery = z.infer<typeof paymentsAuditQuerySchema>;
export const paymentsAuditPageAnswerSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.string().nullable() });
export type PaymentsAuditPageAnswer = z.infer<typeof paymentsAuditPageAnswerSchema>;

/** Where an order is: created (before Stripe), open (at Checkout), processing (a delayed payment), then an end state. */
export const ORDER_STATUSES = ['created', 'open', 'processing', 'paid', 'failed', 'expired', 'abandoned', 'refunded'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** The treasurer's list filters: `all` lists problems first, then the rest newest first; `open` is created, open and processing. */
export const ORDER_FILTERS = ['all', 'paid', 'open', 'expired', 'abandoned', 'refunded', 'problem'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

export const ORDER_LIST_PAGE_SIZE = 25;
const PAGE_MAX = 100_000;
const PAGE_MESSAGE = `page must be a number from 1 to ${PAGE_MAX}`;

/** An order's public reference (`ord_…`), as URLs name it. */
export const ORDER_REFERENCE_PATTERN = /^ord_[A-Za-z0-9_-]{16,64}$/;

/** GET /staff-api/payments/orders?filter=&q=&page=: `q` finds a member's e-mail (part of it, any case) or an order reference. */
export const staffOrderListQuerySchema = z
  .object({
    filter: z.enum(ORDER_FILTERS, `Filter must be one of ${ORDER_FILTERS.join(', ')}`).optional(),
    q: textField('Search').trim().max(320, 'Search may have at most 320 characters').optional(),
    page: z
      .string()
      .regex(/^\d{1,6}$/, PAGE_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(1, PAGE_MESSAGE).max(PAGE_MAX, PAGE_MESSAGE))
      .optional(),
  })
  .strict();
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuerySchema>;

export const REFUND_REASON_MAX = 500;
export const REFUND_REASON_REQUIRED_MESSAGE = 'Give a reason for the refund';

/** POST /staff-api/payments/orders/:reference/refund: a full refund, with the reason kept in the audit log. */
export const refundOrderRequestSchema = z
  .object({
    reason: textField('The reason')
      .trim()
      .min(1, REFUND_REASON_REQUIRED_MESSAGE)
      .max(REFUND_REASON_MAX, `The reason may have at most ${REFUND_REASON_MAX} characters`),
  })
  .strict();
export type RefundOrderRequest = z.infer<typeof refundOrderRequestSchema>;

export const ORDER_NOT_FOUND_MESSAGE = 'There is no order with this reference.';
export const ORDER_NOT_PAID_MESSAGE = 'Only a paid order can be refunded.';
export const ORDER_ALREADY_REFUNDED_MESSAGE = 'This order has already been refunded (or its refund is on its way).';
export const REFUND_REQUESTED_MESSAGE = 'Refund requested. The order shows Refunded once Stripe confirms it.';
export const DOCUMENT_NOT_FOUND_MESSAGE = 'There is no document with this id.';
/** A member's id in the staff paths (identity's user id): anything else is answered 404 (MEMBER_NOT_FOUND_MESSAGE, the members desk's). */
export const MEMBER_USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const staffOrderSummarySchema = z.object({
  reference: z.string(),
  /** `ORD-2026-000123`: the receipt's order number. */
  orderNumber: z.string(),
  kind: z.enum(['membership', 'demo']),
  status: z.enum(ORDER_STATUSES),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The member's e-mail (or who paid, for orders without an account). */
  email: z.string().nullable(),
  userId: z.string().nullable(),
  /** The membership level (kind membership) or null. */
  level: z.string().nullable(),
  productName: z.string(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** What disagreed between the paid session and the order (amount, currency, reference); null when nothing did. */
  problem: z.string().nullable(),
});
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;

export const staffOrderListAnswerSchema = z.object({
  orders: z.array(staffOrderSummarySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type StaffOrderListAnswer = z.infer<typeof staffOrderListAnswerSchema>;

/** One change of an order's status: what moved it (`stripe:<event id>`, `lookup`, `reconcile`, `staff:<e-mail>`...). */
export const orderEventSchema = z.object({
  at: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  source: z.string(),
  detail: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const staffOrderRefundSchema = z.object({
  /** Stripe's refund id (re_…), null until Stripe answered. */
  id: z.string().nullable(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** When Stripe confirmed it (the order became refunded). */
  refundedAt: z.string().nullable(),
});

/** GET /staff-api/payments/orders/:reference. */
export const staffOrderDetailSchema = staffOrderSummarySchema.extend({
  quantity: z.number().int(),
  stripeSessionId: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  /** The receipt's number (the order number) once paid. */
  receiptNumber: z.string().nullable(),
  membershipRequestId: z.string().nullable(),
  membershipStatus: z.string().nullable(),
  refund: staffOrderRefundSchema.nullable(),
  events: z.array(orderEventSchema),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;
export const staffOrderAnswerSchema = z.object({ order: staffOrderDetailSchema, message: z.string().optional() });
export type StaffOrderAnswer = z.infer<typeof staffOrderAnswerSchema>;

/** GET /staff-api/payments/members/:userId/orders: newest first. */
export const memberOrdersAnswerSchema = z.object({ orders: z.array(staffOrderSummarySchema) });
export type MemberOrdersAnswer = z.infer<typeof memberOrdersAnswerSchema>;

export const memberDocumentSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type MemberDocumentSummary = z.infer<typeof memberDocumentSummarySchema>;

/** GET /staff-api/payments/members/:userId/documents: newest first; each opens at GET /staff-api/payments/documents/:id. */
export const memberDocumentsAnswerSchema = z.object({ documents: z.array(memberDocumentSummarySchema) });
export type MemberDocumentsAnswer = z.infer<typeof memberDocumentsAnswerSchema>;

/** `A$10.00` (amounts are cents; the site sells in Australian dollars, another currency is named): receipts and the desk. */
export function formatAmount(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === 'aud' ? `A$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** The treasurer's page of an order (paths.staffOrder). */
export function staffOrderPath(reference: string): string {
  return `/staff/orders/${encodeURIComponent(reference)}`;
}

/** The API paths of the desk, for the UI. */
export const staffPaymentsPaths = {
  orders: `${STAFF_PAYMENTS_API_PREFIX}orders`,
  order: (reference: string) => `${STAFF_PAYMENTS_API_PREFIX}orders/${encodeURIComponent(reference)}`,
  refund: (reference: string) => `${STAFF_PAYMENTS_API_PREFIX}orders/${encodeURIComponent(reference)}/refund`,
  memberOrders: (userId: string) => `${STAFF_PAYMENTS_API_PREFIX}members/${encodeURIComponent(userId)}/orders`,
  memberDocuments: (userId: string) => `${STAFF_PAYMENTS_API_PREFIX}members/${encodeURIComponent(userId)}/documents`,
  document: (id: string) => `${STAFF_PAYMENTS_API_PREFIX}documents/${encodeURIComponent(id)}`,
  audit: `${STAFF_PAYMENTS_API_PREFIX}audit`,
} as const;

// ---------------------------------------------------------------------------------------------
// Payments → identity (internal, X-Service-Token): the membership of a refunded order is cancelled
// ---------------------------------------------------------------------------------------------

/** POST identity /internal/memberships/:requestId/cancel. */
export function internalCancelMembershipPath(requestId: string): string {
  return `/internal/memberships/${encodeURIComponent(requestId)}/cancel`;
}

export const cancelMembershipRequestSchema = z
  .object({
    /** Why (the refund's reason), kept with the membership's decisions. */
    reason: textField('The reason').trim().min(1, 'reason is required').max(REFUND_REASON_MAX, `reason may have at most ${REFUND_REASON_MAX} characters`),
    /** Who, e.g. `refund ord_… by treasurer@example.org`. */
    cancelledBy: textField('cancelledBy').trim().min(1, 'cancelledBy is required').max(400, 'cancelledBy may have at most 400 characters'),
  })
  .strict();
export type CancelMembershipRequest = z.infer<typeof cancelMembershipRequestSchema>;

/** 200 either way: `cancelled` true when this call cancelled it, false when it already was. */
export const cancelMembershipAnswerSchema = z.object({ requestId: z.string(), status: z.literal('Cancelled'), cancelled: z.boolean() }).strict();
export type CancelMembershipAnswer = z.infer<typeof cancelMembershipAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Refund webhooks → the payments worker (queue `payment-fulfilment`, beside the checkout events)
// ---------------------------------------------------------------------------------------------

/** The Stripe events about refunds the payments service acts on. */
export const REFUND_EVENT_TYPES = ['charge.refunded', 'refund.updated'] as const;
export type RefundEventType = (typeof REFUND_EVENT_TYPES)[number];

/**
 * A `payment-fulfilment` job for a stored refund event (job id `stripe-<eventId>`). The worker does not trust
 * the event's copy: it retrieves the refund from Stripe and settles the order of the PaymentIntent once.
 */
export const paymentRefundJobSchema = z
  .object({
    eventId: z.string().regex(/^evt_[A-Za-z0-9_]{1,250}$/, 'a Stripe event id (evt_…)'),
    type: z.enum(REFUND_EVENT_TYPES),
    paymentIntentId: z.string().regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'a PaymentIntent id (pi_…)'),
    /** The refund the event names (re_…), when it names one. */
    refundId: z.string().regex(/^(re|pyr)_[A-Za-z0-9_]{1,250}$/, 'a refund id (re_…)').nullable(),
  })
  .strict();
export type PaymentRefundJob = z.infer<typeof paymentRefundJobSchema>;

export const STRIPE_UNAVAILABLE_REFUND_MESSAGE = 'Stripe cannot be reached right now; nothing was refunded. Please try again shortly.';

// ---------------------------------------------------------------------------------------------
// Revenue (treasurer): per month and per level for a year, in Adelaide time
// ---------------------------------------------------------------------------------------------

/** The years the revenue report answers for. */
export const REVENUE_YEAR_MIN = 2000;
export const REVENUE_YEAR_MAX = 2100;
export const REVENUE_YEAR_MESSAGE = `year must be a year from ${REVENUE_YEAR_MIN} to ${REVENUE_YEAR_MAX}`;
/** Months are Adelaide's (AUDIT_TIME_ZONE): an order paid at 23:30 on 31 December in Adelaide is December's. */
export const REVENUE_TIME_ZONE = AUDIT_TIME_ZONE;

/** GET /staff-api/payments/revenue?year=YYYY and …/revenue.csv?year=YYYY. */
export const revenueQuerySchema = z
  .object({
    year: z
      .string(REVENUE_YEAR_MESSAGE)
      .regex(/^\d{4}$/, REVENUE_YEAR_MESSAGE)
      .transform(Number)
      .pipe(z.number().int().min(REVENUE_YEAR_MIN, REVENUE_YEAR_MESSAGE).max(REVENUE_YEAR_MAX, REVENUE_YEAR_MESSAGE)),
  })
  .strict();
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

/**
 * Money in and out: `paidCents` and `count` are the orders paid in the period (by when they were paid, even
 * if refunded later), `refundedCents` and `refundCount` the refunds Stripe confirmed in the period (by when),
 * `netCents` paid less refunded (negative when a month refunds more than it takes).
 */
export const revenueFiguresSchema = z.object({
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  count: z.number().int().min(0),
  refundCount: z.number().int().min(0),
});
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

/** One level's figures (the membership level, or the product's name for an order that is not a membership). */
export const revenueLevelFiguresSchema = revenueFiguresSchema.extend({ level: z.string() });
export type RevenueLevelFigures = z.infer<typeof revenueLevelFiguresSchema>;

export const revenueMonthSchema = revenueFiguresSchema.extend({
  /** 1 (January) to 12. */
  month: z.number().int().min(1).max(12),
  /** The levels with any money this month, in `levels` order. */
  levels: z.array(revenueLevelFiguresSchema),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

/** GET /staff-api/payments/revenue: always twelve months; `levels` the year's totals per level (the site's level order, then others by name). */
export const revenueAnswerSchema = z.object({
  year: z.number().int(),
  currency: z.string(),
  timeZone: z.string(),
  months: z.array(revenueMonthSchema).length(12),
  levels: z.array(revenueLevelFiguresSchema),
  totals: revenueFiguresSchema,
});
export type RevenueAnswer = z.infer<typeof revenueAnswerSchema>;

/** The header of the revenue CSV; amounts in dollars (numbers), `Month` is YYYY-MM, or the year on the total rows. */
export const REVENUE_CSV_COLUMNS = ['Month', 'Level', 'Paid orders', 'Paid (AUD)', 'Refunds', 'Refunded (AUD)', 'Net (AUD)'] as const;
/** The `Level` of the rows that add up every level. */
export const REVENUE_ALL_LEVELS = 'All levels';

/** The API paths of the revenue report (treasurer). */
export const staffRevenuePaths = {
  revenue: (year: number) => `${STAFF_PAYMENTS_API_PREFIX}revenue?year=${year}`,
  csv: (year: number) => `${STAFF_PAYMENTS_API_PREFIX}revenue.csv?year=${year}`,
} as const;
