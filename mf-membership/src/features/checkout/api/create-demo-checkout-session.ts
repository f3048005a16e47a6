import { checkoutAnswerSchema, type DemoCheckoutRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** POST /create-checkout-session for the demo book (no login): the provider's checkout `url`. */
export function createDemoCheckoutSession(request: DemoCheckoutRequest) {
  return callApi('/create-checkout-session', { body: request, answer: checkoutAnswerSchema });
}
