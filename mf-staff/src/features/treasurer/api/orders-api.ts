import { staffOrderAnswerSchema, staffOrderListAnswerSchema, staffPaymentsPaths } from '@tca/contracts';
import { callApi, type FetchLike } from '@tca/ui/api';
import { ordersQueryString, type OrdersFilter } from '../treasurer.js';

const options = (token: string, signal?: AbortSignal, fetchImpl?: FetchLike) => ({ token, ...(signal ? { signal } : {}), ...(fetchImpl ? { fetchImpl } : {}) });

/** GET /staff-api/payments/orders?filter=&q=&page= (treasurer or owner): one page of orders, problems first. */
export function listOrders(token: string, filter: OrdersFilter, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(`${staffPaymentsPaths.orders}${ordersQueryString(filter)}`, { ...options(token, signal, fetchImpl), answer: staffOrderListAnswerSchema });
}

/** GET /staff-api/payments/orders/:reference: the order with its Stripe ids, receipt number and history. */
export function getOrder(token: string, reference: string, signal?: AbortSignal, fetchImpl?: FetchLike) {
  return callApi(staffPaymentsPaths.order(reference), { ...options(token, signal, fetchImpl), answer: staffOrderAnswerSchema });
}

/** POST /staff-api/payments/orders/:reference/refund: a full refund with its reason; answers the order as it is now. */
export function refundOrder(token: string, reference: string, reason: string, fetchImpl?: FetchLike) {
  return callApi(staffPaymentsPaths.refund(reference), { ...options(token, undefined, fetchImpl), method: 'POST', body: { reason }, answer: staffOrderAnswerSchema });
}
