import { callApi } from '@tca/ui/api';

/** POST /checkout-session/:id/abandon: the visitor left the provider's page without paying (best effort). */
export function abandonCheckoutSession(id: string, token: string | null, signal: AbortSignal) {
  return callApi(`/checkout-session/${encodeURIComponent(id)}/abandon`, { method: 'POST', body: {}, token, signal });
}
