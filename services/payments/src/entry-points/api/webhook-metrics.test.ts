import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Closers, deliver, eventFor, startPaymentsStack, type PaymentsStack } from '../../testing/harness.js';

/** tca_webhook_deliveries_total{outcome} as the service's metrics port reports it (0 when not yet counted). */
async function deliveries(stack: PaymentsStack, outcome: string): Promise<number> {
  const text = await (await fetch(`${stack.metricsUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('tca_webhook_deliveries_total{') && l.includes(`outcome="${outcome}"`));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('webhook deliveries in the metrics (tca_webhook_deliveries_total)', () => {
  const closers = new Closers();
  let stack: PaymentsStack;
  before(async () => {
    stack = await startPaymentsStack(closers, { deliverWebhooks: false });
  });
  after(() => closers.closeAll());

  it('counts each delivery under how it was answered: bad_signature, ignored, invalid', async () => {
    const payload = eventFor('customer.created', { id: 'cus_test_metrics', object: 'customer' });
    const forged = await deliver(stack, payload, { secret: 'whsec_not_the_real_secret' });
    const unsigned = await deliver(stack, payload, { secret: null });
    assert.deepEqual([forged.status, unsigned.status], [400, 400]);
    assert.equal(await deliveries(stack, 'bad_signature'), 2);
    assert.equal(await deliveries(stack, 'accepted'), 0, 'a refused delivery is not counted as accepted');

    assert.equal((await deliver(stack, payload)).status, 200);
    assert.equal(await deliveries(stack, 'ignored'), 1, 'another event type is acknowledged and ignored');

    assert.equal((await deliver(stack, 'null')).status, 400);
    assert.equal(await deliveries(stack, 'invalid'), 1, 'signed, but no event this service can read');
    assert.equal(await deliveries(stack, 'bad_signature'), 2);
  });
});
