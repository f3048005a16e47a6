import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits, like the tails of Stripe's ids. */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: drop the top bytes so every character is equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const newSessionId = () => `cs_test_${randomAlnum(58)}`;
export const newEventId = () => `evt_${randomAlnum(24)}`;
export const newPaymentIntentId = () => `pi_${randomAlnum(24)}`;
export const newRefundId = () => `re_${randomAlnum(24)}`;
export const newLineItemId = () => `li_${randomAlnum(24)}`;
export const newRequestId = () => `req_${randomAlnum(14)}`;
export const newFormToken = () => randomBytes(24).toString('base64url');
