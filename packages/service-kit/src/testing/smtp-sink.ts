/** Test support: an in-process SMTP server that keeps every message it receives, raw and parsed. */
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';

/**
 * An smtp-server `onData` handler that reads the whole message, then hands it to `accept`; the message is
 * accepted (250) once `accept` resolves, refused if it throws. For the sinks of tests.
 */
export function onWholeMessage(accept: (raw: Buffer, session: SMTPServerSession) => Promise<void> | void): NonNullable<SMTPServerOptions['onData']> {
  return (stream, session, callback) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', (err: Error) => callback(err));
    stream.on('end', () => {
      Promise.resolve()
        .then(() => accept(Buffer.concat(chunks), session))
        .then(
          () => callback(),
          (err: Error) => callback(err),
        );
    });
  };
}

export interface CapturedMail {
  /** The SMTP envelope: MAIL FROM and RCPT TO. */
  envelope: { from: string; to: string[] };
  /** The message as received (headers and body). */
  raw: string;
  /** Parsed from the headers and body. */
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

export interface SmtpSinkOptions {
  /** Listen on this port (e.g. to bring SMTP back where a worker expects it); default a free one. */
  port?: number;
  /** How long close() waits for connected clients (a worker's pooled connections) before cutting them. Default 30 s. */
  closeTimeoutMs?: number;
}

/** An SMTP server in this process that keeps every message it receives; a message is kept before it is accepted. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(options.closeTimeoutMs !== undefined ? { closeTimeout: options.closeTimeoutMs } : {}),
    onData: onWholeMessage(async (raw, session) => {
      const parsed = await simpleParser(raw);
      mails.push({
        envelope: {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
        },
        raw: raw.toString('utf8'),
        to: addresses(parsed.to),
        from: addresses(parsed.from)[0] ?? '',
        replyTo: addresses(parsed.replyTo),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        messageId: parsed.messageId ?? '',
      });
    }),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-message (a SIGKILLed worker) resets its connection: that is not the sink's failure.
  server.on('error', () => undefined);
  const port = (server.server.address() as { port: number }).port;
  return { port, url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
