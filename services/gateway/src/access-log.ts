import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { redactUrlSecrets, type Logger } from '@tca/service-kit';

/** Logs one finished API request: `started` is performance.now() when it arrived; `extra` adds fields (upstream, cache). */
export type AccessLog = (req: IncomingMessage, res: ServerResponse, requestId: string, started: number, extra: Record<string, unknown>) => void;

/**
 * The gateway's line per API request, `request completed` with the request id: error for 5xx and answers
 * that did not finish, warn for 4xx, info otherwise. The URL is logged without the secrets it may carry
 * (a reset link's token: `/reset-password/[redacted]`), whatever logger is passed.
 */
export function createAccessLog(logger: Logger): AccessLog {
  return (req, res, requestId, started, extra) => {
    const status = res.statusCode;
    const aborted = !res.writableEnded;
    const level = aborted || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const responseTime = Math.round(performance.now() - started);
    logger[level]({ reqId: requestId, req: { method: req.method, url: req.url === undefined ? undefined : redactUrlSecrets(req.url) }, res: { statusCode: status }, responseTime, ...extra, aborted: aborted || undefined }, 'request completed');
  };
}

/** How cache hits are logged: `each` a line per hit like any request, `summary` counts in one line per interval. */
export const HIT_LOG_MODES = ['summary', 'each'] as const;
export type HitLogMode = (typeof HIT_LOG_MODES)[number];

export interface HitLog {
  /** A request answered from the gateway's memory, finished. */
  hit(req: IncomingMessage, res: ServerResponse, requestId: string, started: number, path: string): void;
  /** Writes the counts so far (summary) and starts counting afresh. */
  flush(): void;
  close(): void;
}

/**
 * Cache hits in the access log. A hit costs the gateway about as much CPU to log (the JSON line, the write,
 * and whoever reads the output) as to answer, so by default hits are counted per path and status and
 * written as one `list cache hits` line per `intervalMs`; a hit that did not finish (the client went
 * away) still gets its own line with its request id, and so does every request the cache forwards or
 * refreshes. `each` logs every hit like any other request.
 */
export function createHitLog(logger: Logger, accessLog: AccessLog, mode: HitLogMode, intervalMs = 60_000): HitLog {
  if (mode === 'each') {
    return {
      hit: (req, res, requestId, started) => accessLog(req, res, requestId, started, { upstream: 'content', cache: 'hit' }),
      flush: () => undefined,
      close: () => undefined,
    };
  }
  let counts = new Map<string, Map<number, number>>();
  let total = 0;
  let since = Date.now();
  const flush = () => {
    if (total > 0 && logger.isLevelEnabled('info')) {
      const hits: Record<string, Record<number, number>> = {};
      for (const [path, byStatus] of counts) hits[path] = Object.fromEntries(byStatus);
      logger.info({ hits, total, seconds: Math.round((Date.now() - since) / 1000) }, 'list cache hits');
    }
    counts = new Map();
    total = 0;
    since = Date.now();
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    hit(req, res, requestId, started, path) {
      if (!res.writableEnded) {
        accessLog(req, res, requestId, started, { upstream: 'content', cache: 'hit' });
        return;
      }
      let byStatus = counts.get(path);
      if (!byStatus) {
        byStatus = new Map();
        counts.set(path, byStatus);
      }
      byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
      total += 1;
    },
    flush,
    close() {
      clearInterval(timer);
      flush();
    },
  };
}
