import { performance } from 'node:perf_hooks';

/** How long a replica that refused a connection (or reset it before answering) is skipped, by default. */
export const DEFAULT_UPSTREAM_COOL_DOWN_MS = 2000;

/**
 * The replicas of one service (base URLs), taken in turn (the gateway's upstreams, a service's replica fetch). Passive health: a replica marked down (it refused a
 * connection or reset one before answering) is skipped until its cool-down is over; when every replica is
 * cooling down they are tried anyway, in turn, so a service that comes back is found without waiting.
 */
export interface UpstreamPool {
  readonly urls: readonly string[];
  /**
   * The next replica in turn that is not in `tried`, preferring those not cooling down; undefined when every
   * replica has been tried.
   */
  pick(tried?: ReadonlySet<string>): string | undefined;
  /** `url` failed before answering: skip it for the cool-down. */
  markDown(url: string): void;
  /** `url` answered: it is up again. */
  markUp(url: string): void;
  /** Whether `url` is cooling down now. */
  isCoolingDown(url: string): boolean;
}

export interface UpstreamPoolOptions {
  coolDownMs?: number;
  /** Milliseconds clock; default performance.now (tests pass their own). */
  now?: () => number;
}

export function createUpstreamPool(urls: readonly string[], { coolDownMs = DEFAULT_UPSTREAM_COOL_DOWN_MS, now = () => performance.now() }: UpstreamPoolOptions = {}): UpstreamPool {
  if (urls.length === 0) throw new Error('an upstream pool needs at least one URL');
  const list = [...urls];
  /** Per replica, when its cool-down ends. */
  const downUntil = new Map<string, number>();
  let next = 0;

  function isCoolingDown(url: string): boolean {
    const until = downUntil.get(url);
    if (until === undefined) return false;
    if (now() < until) return true;
    downUntil.delete(url);
    return false;
  }

  return {
    urls: list,
    pick(tried = new Set()) {
      let fallback: string | undefined;
      for (let i = 0; i < list.length; i++) {
        const index = (next + i) % list.length;
        const url = list[index] as string;
        if (tried.has(url)) continue;
        if (!isCoolingDown(url)) {
          next = (index + 1) % list.length;
          return url;
        }
        fallback ??= url;
      }
      if (fallback !== undefined) next = (list.indexOf(fallback) + 1) % list.length;
      return fallback;
    },
    markDown(url) {
      downUntil.set(url, now() + coolDownMs);
    },
    markUp(url) {
      downUntil.delete(url);
    },
    isCoolingDown,
  };
}
