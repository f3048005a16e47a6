import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from '@tca/service-kit';

/** Logs one finished API request: `started` is performance.now() when it arrived; `extra` adds fields (upstream, cache). */
export type AccessLog = (req: IncomingMessage, res: ServerResponse, requestId: string, started: number, extra: Record<string, unknown>) => void;

/**
 * The gateway's line per API request, `request completed` with the request id: error for 5xx and answers
 * that did not finish, warn for 4xx, info otherwise.
 */
export function createAccessLog(logger: Logger): AccessLog {
  return (req, res, requestId, started, extra) => {
    const status = res.statusCode;
    const aborted = !res.writableEnded;
    const level = aborted || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const responseTime = Math.round(performance.now() - started);
    logger[level]({ reqId: requestId, req: { method: req.method, url: req.url }, res: { statusCode: status }, responseTime, ...extra, aborted: aborted || undefined }, 'request completed');
  };
}
