import { createHmac } from 'node:crypto';

/**
 * The Stripe-Signature header for `body`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed
 * with the whole `whsec_…` secret (as stripe.webhooks.constructEvent checks it).
 */
export function signatureHeader(body: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
