import type { SandboxConfig } from '../config.js';

/** Delivery switches: from the environment at start, changeable at run time through POST /__sandbox/config (per process). */
export interface Switches {
  /** Every event is delivered twice (same event id, each copy signed when sent). */
  duplicateDelivery: boolean;
  /** Events first sent within outOfOrderWindowMs of each other go out newest first. */
  outOfOrder: boolean;
  outOfOrderWindowMs: number;
  /** Deliveries sent at once (in order mode). */
  deliveryConcurrency: number;
}

export function switchesFrom(config: SandboxConfig): Switches {
  return {
    duplicateDelivery: config.SANDBOX_DUPLICATE_DELIVERY,
    outOfOrder: config.SANDBOX_OUT_OF_ORDER,
    outOfOrderWindowMs: config.SANDBOX_OUT_OF_ORDER_WINDOW_MS,
    deliveryConcurrency: config.SANDBOX_DELIVERY_CONCURRENCY,
  };
}
