import { sessionLookupAnswerSchema } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** GET /checkout-session/:id: the payment status (and, for a membership, its type and request id). */
export function getCheckoutSession(id: string, token: string | null, signal: AbortSignal) {
  return callApi(`/checkout-session/${encodeURIComponent(id)}`, { token, answer: sessionLookupAnswerSchema, signal });
}
