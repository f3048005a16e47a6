/**
 * Test support for the forms (not built into dist/): a private redis-server the tests may stop and
 * start, an in-process SMTP sink that parses what it receives, child processes of the real workers, and
 * waiting for a state with a deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(25);
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves with what the child wrote once `pattern` appears in its output; rejects if it exits first or time runs out. */
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number, label: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`${label}: no ${pattern} within ${timeoutMs} ms. Output:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) finish();
    };
    const onExit = (code: number | null) => finish(new Error(`${label} exited (${code}) before ${pattern}. Output:\n${seen}`));
    function finish(err?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(seen);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill(signal);
  const [code] = await exited;
  return code;
}

export interface TestRedisServer {
  url: string;
  port: number;
  readonly running: boolean;
  /** Kills the server (SIGKILL: a crash, nothing saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/**
 * A redis-server of its own on a free port, without persistence, so a test can take Redis away and bring
 * it back without touching the shared one.
 */
export async function startRedisServer(): Promise<TestRedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  async function start(): Promise<void> {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    await waitForOutput(proc, /Ready to accept connections/, 10_000, 'redis-server');
  }
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async stop() {
      if (child) await stopChild(child, 'SIGKILL');
    },
    start,
  };
}

export interface CapturedMail {
  to: string[];
  from: string;
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((group) => group.value.map((a) => a.address ?? '')).filter((a) => a.length > 0);
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: CapturedMail[];
  close(): Promise<void>;
}

/** An SMTP server in this process that keeps every message it receives, parsed. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            to: addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? '',
            replyTo: addresses(parsed.replyTo),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface NodeProcess {
  child: ChildProcess;
  /** Everything it wrote so far. */
  output(): string;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Runs a TypeScript entry file with tsx (as `npm run dev` does) and waits for `ready` in its output.
 * `file` is resolved from this package's root, e.g. 'src/worker.ts' or '../mailer/src/index.ts'.
 */
export async function startNodeProcess(file: string, env: Record<string, string>, ready: RegExp, label: string): Promise<NodeProcess> {
  const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', file], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    await waitForOutput(child, ready, 30_000, label);
  } catch (err) {
    await stopChild(child, 'SIGKILL');
    throw err;
  }
  return { child, output: () => output, stop: () => stopChild(child, 'SIGTERM') };
}
