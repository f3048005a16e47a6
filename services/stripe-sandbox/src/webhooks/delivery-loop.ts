import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger, Pool } from '@tca/service-kit';
import type { SandboxConfig } from '../config.js';
import { claimDue, claimWindow, firstAttemptWindowWait, markAttemptFailed, markDelivered, type ClaimedDelivery } from '../data-access/event-repository.js';
import { purgeOldKeys } from '../data-access/idempotency-repository.js';
import type { Switches } from '../domain/switches.js';
import { signatureHeader } from './signature.js';

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;
const WINDOW_BATCH = 100;

export interface DeliveryLoopOptions {
  pool: Pool;
  config: SandboxConfig;
  switches: Switches;
  logger: Logger;
  /** Expires sessions past expires_at; run on every poll. */
  sweep: () => Promise<unknown>;
}

/** Retry delay after failed attempt number `attempt` (1-based): base, 2×base, 4×base, … capped at an hour. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

/**
 * Sends webhook deliveries from the database: claims due rows (replicas skip each other's), signs and
 * POSTs each, and records the outcome; a non-2xx answer or no answer is retried with backoff until
 * SANDBOX_MAX_ATTEMPTS. Also expires overdue sessions and forgets old idempotency keys.
 */
export class DeliveryLoop {
  private stopped = false;
  private running: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private pendingWake = false;
  private readonly abort = new AbortController();
  private lastPurge = 0;

  constructor(private readonly options: DeliveryLoopOptions) {}

  start(): void {
    this.running ??= this.run();
  }

  /** Look for work now (an event was just committed). */
  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** Stops claiming, aborts requests in flight (their rows are retried later) and waits for the loop to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.wakeUp?.();
    await this.running;
  }

  private async run(): Promise<void> {
    const { logger, config } = this.options;
    while (!this.stopped) {
      let idleMs = config.SANDBOX_POLL_MS;
      try {
        this.pendingWake = false;
        await this.options.sweep();
        await this.purgeNow();
        const result = await this.deliverOnce();
        if (result.worked) idleMs = 0;
        else if (result.waitMs !== undefined) idleMs = Math.min(idleMs, result.waitMs);
      } catch (err) {
        if (this.stopped) break;
        logger.error({ err }, 'webhook delivery loop failed; trying again');
      }
      if (idleMs > 0) await this.idle(idleMs);
    }
  }

  private async idle(ms: number): Promise<void> {
    if (this.pendingWake || this.stopped) return;
    const waker = new Promise<void>((resolve) => {
      this.wakeUp = resolve;
    });
    await Promise.race([waker, sleep(ms, undefined, { signal: this.abort.signal }).catch(() => undefined)]);
    this.wakeUp = undefined;
  }

  private async purgeNow(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await purgeOldKeys(this.options.pool);
  }

  private get leaseMs(): number {
    return this.options.config.SANDBOX_WEBHOOK_TIMEOUT_MS + 30_000;
  }

  private async deliverOnce(): Promise<{ worked: boolean; waitMs?: number }> {
    const { pool, switches } = this.options;
    if (!switches.outOfOrder) {
      const batch = await claimDue(pool, switches.deliveryConcurrency, this.leaseMs);
      await Promise.all(batch.map((delivery) => this.send(delivery)));
      return { worked: batch.length > 0 };
    }
    // Out of order: retries as usual; first attempts wait for their window, then go newest first, one by one.
    const retries = await claimDue(pool, switches.deliveryConcurrency, this.leaseMs, { retriesOnly: true });
    await Promise.all(retries.map((delivery) => this.send(delivery)));
    const waitMs = await firstAttemptWindowWait(pool, switches.outOfOrderWindowMs);
    if (waitMs === undefined || waitMs > 0) return { worked: retries.length > 0, ...(waitMs === undefined ? {} : { waitMs }) };
    const window = await claimWindow(pool, switches.outOfOrderWindowMs, WINDOW_BATCH, this.leaseMs);
    for (const delivery of window) await this.send(delivery);
    return { worked: true };
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    const { config, logger, pool } = this.options;
    const log = logger.child({ event: delivery.event_id, endpoint: delivery.endpoint, copy: delivery.copy, attempt: delivery.attempts });
    let statusCode: number | null = null;
    let error: string;
    try {
      const res = await fetch(delivery.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(delivery.body, config.SANDBOX_WEBHOOK_SECRET),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(config.SANDBOX_WEBHOOK_TIMEOUT_MS), this.abort.signal]),
      });
      await res.body?.cancel().catch(() => undefined);
      statusCode = res.status;
      if (res.status >= 200 && res.status < 300) {
        await markDelivered(pool, delivery.id, res.status);
        log.info({ status: res.status }, 'webhook delivered');
        return;
      }
      error = `HTTP ${res.status}`;
    } catch (err) {
      error = err instanceof Error ? (err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message) : String(err);
    }
    const last = delivery.attempts >= config.SANDBOX_MAX_ATTEMPTS;
    const retryInMs = last ? null : backoffMs(delivery.attempts, config.SANDBOX_RETRY_BASE_MS);
    await markAttemptFailed(pool, delivery.id, { statusCode, error, retryInMs });
    if (last) log.error({ status: statusCode, error }, 'webhook delivery failed; giving up');
    else log.warn({ status: statusCode, error, retryInMs }, 'webhook delivery failed; will retry');
  }
}
