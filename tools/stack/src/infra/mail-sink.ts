import { isPortFree, preferredPort } from '../ports.js';
import { StackError } from '../stack-error.js';

/** MailDev's usual ports: the web inbox (and its REST API) and SMTP. */
export const MAIL_UI_PORT = 1080;
export const MAIL_SMTP_PORT = 1025;

export interface SmtpHandle {
  url: string;
  /** env: SMTP_URL; maildev: an in-process MailDev with a web inbox. */
  source: 'env' | 'maildev';
  /** The web inbox (MailDev's UI); its REST API is under /api (e.g. GET /api/email). */
  inboxUrl?: string;
  stop(): Promise<void>;
}

export interface ResolveSmtpOptions {
  /** SMTP_URL; MAIL_UI_PORT and MAIL_SMTP_PORT (MailDev's ports: unset = 1080/1025 when free, else any; 0 = any free port). */
  env: NodeJS.ProcessEnv;
  /** The ports used when MAIL_UI_PORT / MAIL_SMTP_PORT are unset (tests). */
  defaults?: { web: number; smtp: number };
}

interface PortChoice {
  variable: string;
  /** 0 = any free port. */
  port: number;
  /** Set by the user: then a taken port is an error, not a reason to pick another. */
  configured: boolean;
}

function portSetting(env: NodeJS.ProcessEnv, variable: string, fallback: number): PortChoice {
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return { variable, port: fallback, configured: false };
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new StackError(`${variable} must be a port number (0 = any free port); got "${text}".`);
  return { variable, port, configured: true };
}

async function choosePort({ variable, port, configured }: PortChoice): Promise<number> {
  if (port === 0) return 0; // MailDev binds port 0 and reports the port it got
  if (!configured) return preferredPort(port);
  if (!(await isPortFree(port))) throw new StackError(`${variable}=${port}, but that port is in use. Stop what uses it, or choose another port (0 = any free port).`);
  return port;
}

/** SMTP_URL if set; else MailDev on 127.0.0.1 (web inbox on MAIL_UI_PORT, SMTP on MAIL_SMTP_PORT). */
export async function resolveSmtp({ env, defaults = { web: MAIL_UI_PORT, smtp: MAIL_SMTP_PORT } }: ResolveSmtpOptions): Promise<SmtpHandle> {
  const fromEnv = env.SMTP_URL?.trim();
  if (fromEnv) return { url: fromEnv, source: 'env', stop: async () => undefined };
  const web = portSetting(env, 'MAIL_UI_PORT', defaults.web);
  const smtp = portSetting(env, 'MAIL_SMTP_PORT', defaults.smtp);
  return startMailDev({ webPort: await choosePort(web), smtpPort: await choosePort(smtp) });
}

/** What MailDev keeps privately while starting; stopped by hand when start() fails half-way (its stop() then does nothing). */
interface MailDevInternals {
  orchestrator?: { smtp?: { stop(): Promise<void> } | null; api?: { stop(): Promise<void> } | null; storage?: { close(): Promise<void> } | null };
}

/** MailDev on 127.0.0.1; port 0 = any free port (the bound ports are in the URLs). */
export async function startMailDev({ webPort = 0, smtpPort = 0 }: { webPort?: number; smtpPort?: number } = {}): Promise<SmtpHandle> {
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, maxEmails: 500 });
  // MailDev prints a banner (console.info) even when silent; the stack prints the inbox URL itself.
  const { log, info } = console;
  console.log = () => undefined;
  console.info = () => undefined;
  let servers;
  try {
    servers = await maildev.start();
  } catch (err) {
    const internals = (maildev as unknown as MailDevInternals).orchestrator;
    await Promise.allSettled([internals?.api?.stop(), internals?.smtp?.stop()]);
    await internals?.storage?.close().catch(() => undefined);
    const reason = (err as Error).message;
    throw new StackError(`The mail sink (MailDev) did not start on 127.0.0.1 (SMTP port ${smtpPort || 'any'}, inbox port ${webPort || 'any'}): ${reason}`);
  } finally {
    console.log = log;
    console.info = info;
  }
  const boundSmtp = servers.smtp.getAddress().port;
  const boundWeb = servers.api?.getAddress()?.port ?? webPort;
  return {
    url: `smtp://127.0.0.1:${boundSmtp}`,
    source: 'maildev',
    inboxUrl: `http://127.0.0.1:${boundWeb}/index.html`,
    stop: () => maildev.stop(),
  };
}
