import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { ApiError, ServiceName } from '@tca/contracts';
import { compileTrustProxy, createUpstreamPool, type Logger, type TrustsProxy, type UpstreamPool } from '@tca/service-kit';
import { createAccessLog, type AccessLog } from './access-log.js';

/** Headers that describe one connection, not the message: never forwarded in either direction. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'upgrade']);

function withoutHopByHop(headers: IncomingHttpHeaders, extraDrop: string[] = []): OutgoingHttpHeaders {
  const drop = new Set([...HOP_BY_HOP, ...extraDrop]);
  const connection = headers.connection;
  if (typeof connection === 'string') for (const name of connection.split(',')) drop.add(name.trim().toLowerCase());
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !drop.has(name)) out[name] = value;
  }
  return out;
}

/**
 * The X-Forwarded-For, -Proto and -Host a service gets for `req`. A peer that is not a trusted proxy (`trusts`,
 * from the gateway's TRUST_PROXY) is the client: what it sent is replaced by its own address, the connection's
 * scheme and its Host, so no client chooses the address the services rate-limit by. A trusted proxy's are kept,
 * the peer appended to X-Forwarded-For (Express semantics: the services, trusting the gateway, then walk back
 * through the proxies they trust too).
 */
export function forwardedHeaders(req: IncomingMessage, trusts: TrustsProxy): { 'x-forwarded-for': string; 'x-forwarded-proto': string; 'x-forwarded-host'?: string } {
  const peer = req.socket.remoteAddress ?? '';
  const ownProto = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const ownHost = req.headers.host;
  const viaProxy = peer !== '' && trusts(peer, 0);
  const sentFor = req.headers['x-forwarded-for'];
  const sentProto = req.headers['x-forwarded-proto'];
  const sentHost = req.headers['x-forwarded-host'];
  const forwardedFor = viaProxy && typeof sentFor === 'string' && sentFor.trim().length > 0 ? `${sentFor}, ${peer}` : peer;
  const proto = viaProxy && typeof sentProto === 'string' && sentProto.length > 0 ? sentProto : ownProto;
  const host = viaProxy && typeof sentHost === 'string' && sentHost.length > 0 ? sentHost : ownHost;
  return host === undefined ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': proto } : { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': proto, 'x-forwarded-host': host };
}

export interface ProxyOptions {
  /** Each service's base URL, or the base URLs of its replicas (taken in turn). */
  upstreams: Record<ServiceName, string | readonly string[]>;
  /** How long a replica that refused a connection (or reset it before answering) is skipped; default 2 s. */
  coolDownMs?: number;
  /** An upstream that sends nothing for this long (headers or body) is answered with 504. */
  timeoutMs: number;
  logger: Logger;
  /** The line per request; default createAccessLog(logger). */
  accessLog?: AccessLog;
  /** True while the gateway drains: answers carry `Connection: close`. */
  isDraining?: () => boolean;
  /** The gateway's TRUST_PROXY: peers whose X-Forwarded-* are passed on (extended); default [], no one's. */
  trustProxy?: readonly string[];
}

export interface Proxy {
  forward(req: IncomingMessage, res: ServerResponse, service: ServiceName, requestId: string): void;
  /** The service's replicas, as the proxy takes them (the list cache takes them in the same turn). */
  pool(service: ServiceName): UpstreamPool;
  close(): void;
}

const IDEMPOTENT_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Errors that mean the replica took nothing of the request or died before answering: it is down for a while. */
const REPLICA_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH']);

/** A service-kit replica that drains answers 503 with `Connection: close`: another replica may answer instead. */
function isDrainingAnswer(upstreamRes: IncomingMessage): boolean {
  const connection = upstreamRes.headers.connection;
  return upstreamRes.statusCode === 503 && typeof connection === 'string' && connection.toLowerCase().split(',').some((token) => token.trim() === 'close');
}

function sendJson(res: ServerResponse, status: number, body: ApiError, requestId: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
  });
  res.end(text);
}

/**
 * Forwards API requests unchanged (method, path, query, headers, body streamed, never parsed) to the
 * owning service, with X-Forwarded-* (forwardedHeaders) and X-Request-Id. A service may run several replicas:
 * they are taken in turn, one that refuses connections is skipped for `coolDownMs`, and a GET, HEAD or OPTIONS
 * (no body) that fails before any answer (refused, reset) or meets a draining replica's 503 is sent once to
 * each other replica. A request with a body is never sent twice, nor one that timed out. Every replica down →
 * 502 JSON, silent → 504 JSON.
 */
export function createProxy({ upstreams, coolDownMs, logger, timeoutMs, accessLog = createAccessLog(logger), isDraining = () => false, trustProxy = [] }: ProxyOptions): Proxy {
  const trusts = compileTrustProxy(trustProxy);
  const agents = new Map<string, Agent>();
  const pools = new Map<ServiceName, UpstreamPool>();
  for (const [service, urls] of Object.entries(upstreams) as Array<[ServiceName, string | readonly string[]]>) {
    pools.set(service, createUpstreamPool(typeof urls === 'string' ? [urls] : urls, coolDownMs === undefined ? {} : { coolDownMs }));
  }
  function pool(service: ServiceName): UpstreamPool {
    const found = pools.get(service);
    if (!found) throw new Error(`no upstream for ${service}`);
    return found;
  }
  function agentFor(url: URL): Agent {
    let agent = agents.get(url.origin);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: 256, maxFreeSockets: 32, scheduling: 'lifo' as const };
      agent = url.protocol === 'https:' ? new HttpsAgent(options) : new Agent(options);
      agents.set(url.origin, agent);
    }
    return agent;
  }

  function forward(req: IncomingMessage, res: ServerResponse, service: ServiceName, requestId: string): void {
    const started = performance.now();
    const replicas = pool(service);
    const retriable = IDEMPOTENT_WITHOUT_BODY.has(req.method ?? '');
    const headers: OutgoingHttpHeaders = { ...withoutHopByHop(req.headers, ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']), ...forwardedHeaders(req, trusts), 'x-request-id': requestId };

    res.once('close', () => accessLog(req, res, requestId, started, { upstream: service }));

    let clientGone = false;
    res.once('close', () => {
      if (!res.writableFinished) clientGone = true;
    });
    /** The replicas this request was sent to. */
    const tried = new Set<string>();
    let sent = 0;
    /** Sends the request to another replica if it may be sent again and one is left; false otherwise. */
    const another = (from: string, why: string, err?: Error): boolean => {
      if (!retriable || res.headersSent || clientGone) return false;
      const next = replicas.pick(tried);
      if (next === undefined) return false;
      logger.warn({ err, reqId: requestId, upstream: service, target: from, next }, `upstream replica ${why}; trying another`);
      send(next, false);
      return true;
    };
    const send = (target: string, reusedSocketRetried: boolean): void => {
      tried.add(target);
      const attempt = sent++;
      const base = new URL(target);
      const basePath = base.pathname.replace(/\/+$/, '');
      let timedOut = false;
      const upstreamReq = (base.protocol === 'https:' ? httpsRequest : request)({
        protocol: base.protocol,
        hostname: base.hostname,
        port: base.port,
        method: req.method,
        path: `${basePath}${req.url ?? '/'}`,
        headers,
        agent: agentFor(base),
      });
      upstreamReq.setTimeout(timeoutMs, () => {
        timedOut = true;
        upstreamReq.destroy(new Error(`no answer from ${service} within ${timeoutMs} ms`));
      });
      upstreamReq.on('response', (upstreamRes) => {
        replicas.markUp(target);
        if (isDrainingAnswer(upstreamRes) && replicas.urls.length > 1) {
          // Taken out of turn until it is back; its answer is dropped only when another replica is tried.
          replicas.markDown(target);
          if (another(target, 'is draining (503)')) {
            upstreamRes.resume();
            return;
          }
        }
        const out = withoutHopByHop(upstreamRes.headers, ['transfer-encoding']);
        out['x-request-id'] ??= requestId;
        if (isDraining()) out.connection = 'close';
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, out);
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
        upstreamRes.on('aborted', () => res.destroy());
      });
      upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
        const down = !timedOut && REPLICA_DOWN_CODES.has(err.code ?? '');
        // A pooled keep-alive socket the upstream had just closed: the same replica may well answer on a new one.
        if (down && !reusedSocketRetried && upstreamReq.reusedSocket && err.code === 'ECONNRESET' && retriable && !res.headersSent && !clientGone) {
          send(target, true);
          return;
        }
        if (down) {
          replicas.markDown(target);
          if (another(target, err.code === 'ECONNREFUSED' ? 'refused the connection' : 'failed before answering', err)) return;
        }
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (clientGone) return; // the client went away first
        logger.warn({ err, reqId: requestId, upstream: service, target: base.origin, tried: tried.size }, timedOut ? 'upstream timed out' : 'upstream unavailable');
        if (timedOut) {
          sendJson(res, 504, { error: 'upstream_timeout', message: `The ${service} service did not answer in time. Please try again later.` }, requestId);
        } else {
          sendJson(res, 502, { error: 'upstream_unavailable', message: `The ${service} service is unavailable. Please try again later.` }, requestId);
        }
      });
      // Client gone before the answer finished: stop the upstream work too.
      res.once('close', () => {
        if (!res.writableFinished) upstreamReq.destroy();
      });
      if (retriable && attempt > 0) upstreamReq.end();
      else req.pipe(upstreamReq);
    };
    const first = replicas.pick();
    if (first !== undefined) send(first, false);
  }

  return {
    forward,
    pool,
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}
