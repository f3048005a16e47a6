import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.cjs', '.css', '.json', '.map', '.txt', '.xml', '.webmanifest', '.svg']);

/** A file name with a content hash of 8 or more hex characters, e.g. `main.3f9a1c2be4.js`. */
const HASHED = /\.[a-f0-9]{8,}\./;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Hashed files never change and are cached for a year; anything else (manifests, entries, html) is revalidated. */
export function cacheControlFor(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  return HASHED.test(base) ? IMMUTABLE : REVALIDATE;
}

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether the last path segment has a file extension (`/main.js` yes, `/blog/12` and `/terms&conditions` no). */
export function hasExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,10}$/.test(last);
}

export function preferredEncoding(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/** Compressed copies of small text files, keyed by path, version and encoding; bounded in total size. */
class CompressionCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  async get(path: string, version: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding}|${version}|${path}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const raw = await readFile(path);
    const packed =
      encoding === 'br'
        ? await brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : await gzipAsync(raw, { level: 6 });
    this.entries.set(key, packed);
    this.bytes += packed.length;
    for (const [oldKey, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= value.length;
    }
    return packed;
  }
}

export interface StaticOptions {
  /** Send `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin` (remotes). */
  cors?: boolean;
  /** Extra headers for a file, e.g. a Content-Security-Policy for index.html. */
  extraHeaders?: (relPath: string) => Record<string, string> | Promise<Record<string, string>>;
}

export type StaticResult = 'served' | 'not-found' | 'bad-request';

/**
 * Serves files from one directory: no directory listings, no index.html fallback, no dotfiles.
 * ETag/Last-Modified revalidation, gzip/brotli for text files, cache headers by file name.
 */
export function createStaticHandler(root: string, options: StaticOptions = {}) {
  const base = resolve(root);
  const cache = new CompressionCache(64 * 1024 * 1024);

  return async function serveFile(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<StaticResult> {
    let relPath: string;
    try {
      relPath = decodeURIComponent(urlPath);
    } catch {
      return 'bad-request';
    }
    if (relPath.includes('\0')) return 'bad-request';
    const segments = relPath.split(/[/\\]/).filter((s) => s.length > 0);
    if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return 'not-found';
    const file = resolve(base, ...segments);
    if (!file.startsWith(base + sep)) return 'not-found';

    let info;
    try {
      info = await stat(file);
    } catch {
      return 'not-found';
    }
    if (!info.isFile()) return 'not-found';

    const ext = extname(file).toLowerCase();
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    res.setHeader('Content-Type', contentTypeFor(file));
    res.setHeader('Cache-Control', cacheControlFor(file));
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', info.mtime.toUTCString());
    if (options.cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    if (options.extraHeaders) {
      for (const [name, value] of Object.entries(await options.extraHeaders(segments.join('/')))) res.setHeader(name, value);
    }
    const compressible = COMPRESSIBLE.has(ext) && info.size > 1024 && info.size < 8 * 1024 * 1024;
    if (compressible) res.setHeader('Vary', 'Accept-Encoding');

    const ifNoneMatch = req.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      res.statusCode = 304;
      res.end();
      return 'served';
    }

    const encoding = compressible ? preferredEncoding(req) : undefined;
    if (encoding) {
      const body = await cache.get(file, etag, encoding);
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
      return 'served';
    }
    res.setHeader('Content-Length', info.size);
    if (req.method === 'HEAD') {
      res.end();
      return 'served';
    }
    await new Promise<void>((done) => {
      const stream = createReadStream(file);
      stream.on('error', () => {
        res.destroy();
        done();
      });
      res.on('close', () => {
        stream.destroy();
        done();
      });
      stream.pipe(res);
    });
    return 'served';
  };
}

/** Answers a plain-text error (used for missing static files: never index.html). */
export function sendPlain(res: ServerResponse, status: number, text: string, cors = false): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
  res.end(`${text}\n`);
}

export interface StaticServerOptions {
  dir: string;
  port?: number;
  host?: string;
}

export interface RunningStaticServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * A plain static server for one directory with the gateway's rules (CORS *, hashed files immutable,
 * the rest no-cache, 404 for anything missing). The e2e tests host a remote on its own origin with it.
 */
export async function startStaticServer({ dir, port = 0, host = '127.0.0.1' }: StaticServerOptions): Promise<RunningStaticServer> {
  const serve = createStaticHandler(dir, { cors: true });
  const server = createServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD, OPTIONS');
      sendPlain(res, 405, 'Method not allowed', true);
      return;
    }
    serve(req, res, pathname).then(
      (result) => {
        if (result === 'not-found') sendPlain(res, 404, 'Not found', true);
        else if (result === 'bad-request') sendPlain(res, 400, 'Bad request', true);
      },
      () => {
        if (!res.headersSent) sendPlain(res, 500, 'Internal error', true);
        else res.destroy();
      },
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return {
    url,
    port: address.port,
    server,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
