import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { forkTs, nextMessage } from './child.js';
import { headerOf, type CapturedResponse } from './http-load.js';

/**
 * The baseline of `npm run bench:content`: a bare node:http server that answers each captured path
 * with exactly the captured status, headers and body, and a conditional GET whose If-None-Match
 * names the captured ETag with the captured 304. What it costs is what any Node server costs.
 */

export interface BareEntry {
  full: CapturedResponse;
  /** The 304 the origin gave for If-None-Match: <its ETag>, when it gave one. */
  notModified?: CapturedResponse;
}

type ToChild = { type: 'serve'; entries: BareEntry[] };
type FromChild = { type: 'listening'; port: number } | { type: 'failed'; message: string };

/** Structured clone turns a Buffer into a Uint8Array. */
const asBuffer = (r: CapturedResponse): CapturedResponse => ({ ...r, body: Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength) });

function ifNoneMatchHits(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined || etag === undefined) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

export function createBareHandler(entries: readonly BareEntry[]): (req: IncomingMessage, res: ServerResponse) => void {
  const byPath = new Map(entries.map((e) => [e.full.path, e]));
  return (req, res) => {
    const entry = req.method === 'GET' ? byPath.get(req.url ?? '') : undefined;
    if (!entry) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not captured\n');
      return;
    }
    const answer = entry.notModified && ifNoneMatchHits(req.headers['if-none-match'], headerOf(entry.full, 'etag')) ? entry.notModified : entry.full;
    res.writeHead(answer.status, answer.rawHeaders);
    res.end(answer.body);
  };
}

/** Listens on 127.0.0.1 (port 0 = any free port). */
export function listenBare(entries: readonly BareEntry[], port = 0): Promise<Server> {
  const server = createServer({ keepAliveTimeout: 5000 }, createBareHandler(entries));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

const CHILD_ENTRY = fileURLToPath(new URL('./bare-server-main.ts', import.meta.url));

/**
 * Runs the bare server in its own process, as the gateway and the service run in theirs: in this
 * process it would share one event loop with the bench. The child exits when this process
 * disconnects from it or dies.
 */
export async function startBareServer(entries: readonly BareEntry[], readyTimeoutMs = 15_000): Promise<BareServer> {
  const child = forkTs(CHILD_ENTRY);
  try {
    const listening = nextMessage(child, 'the bare server', (m) => m as FromChild, readyTimeoutMs);
    const start: ToChild = { type: 'serve', entries: [...entries] };
    child.proc.send(start);
    const reply = await listening;
    if (reply.type !== 'listening') throw new Error(`the bare server could not start: ${reply.message}`);
    return { url: `http://127.0.0.1:${reply.port}`, close: () => child.close() };
  } catch (err) {
    await child.close();
    throw err;
  }
}

/** The child's side: receive the entries, listen, report the port; stop when the parent goes. */
export function runBareChild(): void {
  let server: Server | undefined;
  process.on('disconnect', () => {
    if (!server) process.exit(0);
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
  process.on('message', (message: ToChild) => {
    if (message.type !== 'serve' || server) return;
    const entries: BareEntry[] = message.entries.map((e) => ({ full: asBuffer(e.full), ...(e.notModified ? { notModified: asBuffer(e.notModified) } : {}) }));
    listenBare(entries).then(
      (listening) => {
        server = listening;
        const reply: FromChild = { type: 'listening', port: (listening.address() as AddressInfo).port };
        process.send?.(reply);
      },
      (err: Error) => {
        const reply: FromChild = { type: 'failed', message: err.message };
        process.send?.(reply, () => process.exit(1));
      },
    );
  });
}
