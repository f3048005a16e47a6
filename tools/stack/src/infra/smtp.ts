import { freePort } from '../util.js';

export interface SmtpHandle {
  url: string;
  /** env: SMTP_URL; maildev: an in-process MailDev with a web inbox. */
  source: 'env' | 'maildev';
  /** The web inbox (MailDev's UI); its REST API is under /api (e.g. GET /api/email). */
  inboxUrl?: string;
  stop(): Promise<void>;
}

export interface ResolveSmtpOptions {
  env: NodeJS.ProcessEnv;
}

/** SMTP_URL if set; else MailDev (SMTP and web inbox on free ports of 127.0.0.1). */
export async function resolveSmtp({ env }: ResolveSmtpOptions): Promise<SmtpHandle> {
  const fromEnv = env.SMTP_URL?.trim();
  if (fromEnv) return { url: fromEnv, source: 'env', stop: async () => undefined };
  return startMailDev();
}

export async function startMailDev(): Promise<SmtpHandle> {
  const { MailDev } = await import('maildev');
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, maxEmails: 500 });
  // MailDev prints a banner (console.info) even when silent; the stack prints the inbox URL itself.
  const { log, info } = console;
  console.log = () => undefined;
  console.info = () => undefined;
  try {
    await maildev.start();
  } finally {
    console.log = log;
    console.info = info;
  }
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    source: 'maildev',
    inboxUrl: `http://127.0.0.1:${webPort}/index.html`,
    stop: () => maildev.stop(),
  };
}
