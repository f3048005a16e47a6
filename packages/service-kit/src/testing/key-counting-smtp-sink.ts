/**
 * Test support: an SMTP sink that checks each message's idempotency key (the mailer puts the job's key in
 * the Message-ID, `<key@domain>`) and counts how often each key arrived. Unlike service-kit's
 * startSmtpSink it survives clients that die mid-conversation (a SIGKILLed worker resets its sockets;
 * smtp-server then emits 'error', which without a listener would crash the test process).
 */
import { SMTPServer } from 'smtp-server';
import { onWholeMessage } from './smtp-sink.js';

export interface ReceivedMail {
  /** From the Message-ID, `<key@domain>`; `(none)` when it has none. */
  key: string;
  subject: string;
}

export interface KeyCountingSmtpSink {
  port: number;
  url: string;
  /** Every message received, in order, duplicates included. */
  mails: ReceivedMail[];
  /** How many messages arrived per key. */
  countByKey: Map<string, number>;
  /** Messages beyond the first for their key. */
  duplicates(): number;
  /** Connection errors seen (e.g. a killed client's reset). */
  connectionErrors: number;
  close(): Promise<void>;
}

/** A header of a raw message (its head only is read; folded lines unfolded), or undefined. */
export function headerValue(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export interface KeyCountingSmtpSinkOptions {
  /** Listen on this port (to bring SMTP back where a worker expects it); default a free one. */
  port?: number;
  /** How long close() waits for connected clients before cutting them. Default 500 ms. */
  closeTimeoutMs?: number;
}

/** Listens on 127.0.0.1 (a free port unless given); a message is counted before it is accepted (as with startSmtpSink). */
export async function startKeyCountingSmtpSink(options: KeyCountingSmtpSinkOptions = {}): Promise<KeyCountingSmtpSink> {
  const mails: ReceivedMail[] = [];
  const countByKey = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: options.closeTimeoutMs ?? 500,
    onData: onWholeMessage((raw) => {
      const key = /^<([^@>]+)@/.exec(headerValue(raw.toString('utf8'), 'Message-ID') ?? '')?.[1] ?? '(none)';
      mails.push({ key, subject: headerValue(raw.toString('utf8'), 'Subject') ?? '' });
      countByKey.set(key, (countByKey.get(key) ?? 0) + 1);
    }),
  });
  const sink: KeyCountingSmtpSink = {
    port: 0,
    url: '',
    mails,
    countByKey,
    duplicates: () => mails.length - countByKey.size,
    connectionErrors: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => (sink.connectionErrors += 1));
  sink.port = (server.server.address() as { port: number }).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}
