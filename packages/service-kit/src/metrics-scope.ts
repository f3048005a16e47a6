import { AsyncLocalStorage } from 'node:async_hooks';

/** What the kit's Redis clients and queue workers report to the metrics of the process that made them (see metrics.ts). */
export interface MetricsHooks {
  /** An ioredis command was rejected (connection down, time-out, error reply). */
  redisCommandFailed(): void;
  /** A queue this process consumes: its job counts are collected on each scrape. */
  watchQueue(queue: { name: string; prefix?: string | undefined; redisUrl: string }): void;
  /** One run of a job ended. */
  queueJobFinished(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

const scope = new AsyncLocalStorage<MetricsHooks>();

/**
 * Runs `work` with `metrics` as the metrics of whatever it starts (Redis clients, queue workers) that is not
 * given its own: startApiService and startServiceWorker start a service in it, so its clients report to it
 * without each call site passing it along, and several services in one test process keep apart.
 */
export function withMetricsScope<T>(metrics: MetricsHooks, work: () => T): T {
  return scope.run(metrics, work);
}

/** The metrics of the service being started here, if any. */
export function scopedMetrics(): MetricsHooks | undefined {
  return scope.getStore();
}
