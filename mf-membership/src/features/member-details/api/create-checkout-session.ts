import { checkoutAnswerSchema, type MembershipCheckoutRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** POST /create-checkout-session for a membership (login required): the provider's checkout `url`. */
export function createCheckoutSession(request: MembershipCheckoutRequest, token: string) {
  return callApi('/create-checkout-session', { body: request, token, answer: checkoutAnswerSchema });
}
