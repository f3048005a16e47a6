/** What startStack takes and returns (the e2e global setup, the benches and the CLI use these). */

import type { ProcessKind } from './processes.js';

export type StackMode = 'start' | 'dev';

export interface StackOptions {
  /** start: built code (builds what is missing); dev: sources in watch mode and the frontends' dev servers. */
  mode?: StackMode;
  /** The repository root (default: the one this file is in). */
  rootDir?: string;
  /**
   * Embedded PostgreSQL data (<dataDir>/postgres), releases and the remote registry (default <root>/.data).
   * As root, when the postgres user cannot reach <dataDir>/postgres (a checkout under a 0700 directory),
   * the cluster lives under /var/tmp/tca-embedded-postgres instead (RunningStack.postgresDataDir).
   */
  dataDir?: string;
  /** Start with an empty embedded database (deletes the embedded cluster first). */
  freshDatabase?: boolean;
  /** As root: where the embedded PostgreSQL's binaries and cluster go when the postgres user cannot reach them (default /var/tmp/tca-embedded-postgres). */
  postgresRuntimeRoot?: string;
  /** Gateway port (default 3000; 0 = any free port). In dev mode it must be 3000: the shell dev server proxies to it. */
  gatewayPort?: number;
  /**
   * Extra environment for the children. DATABASE_URL, REDIS_URL, SMTP_URL, MAIL_UI_PORT, MAIL_SMTP_PORT,
   * LOG_LEVEL and each worker's count (MAILER_WORKERS, TICKETS_WORKERS, …) are looked up here first, then
   * in process.env.
   */
  env?: Record<string, string | undefined>;
  /** Print nothing (children's output is still kept for error messages). */
  quiet?: boolean;
  /** Build what is missing or stale before starting (mode start only). Default true. */
  build?: boolean;
  /** How long each process may take to become ready. Default 90 s (120 s for dev servers). */
  readyTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace per child on stop. Default 10 s. */
  stopGraceMs?: number;
  /** Aborting it during start-up stops what was started and rejects. */
  signal?: AbortSignal;
}

export interface RunningStack {
  mode: StackMode;
  /** The site in a browser: the gateway (start) or the shell dev server (dev). */
  siteUrl: string;
  /** The gateway (same as siteUrl in mode start). */
  gatewayUrl: string;
  /** The mail inbox, when the stack runs MailDev (no SMTP_URL given). Its REST API: <origin>/api/email. */
  mailUrl?: string;
  /** Health/readiness URL per process, e.g. { gateway: .../healthz, content: .../readyz }. */
  healthUrls: Record<string, string>;
  databaseUrl: string;
  /** Where the embedded PostgreSQL keeps its cluster (unset with DATABASE_URL). */
  postgresDataDir?: string;
  redisUrl: string;
  smtpUrl: string;
  /**
   * The local Stripe, when the stack runs it (no STRIPE_SECRET_KEY given): its URL (API, hosted page
   * /c/pay/<id>, test API /__sandbox/events), the random sk_test_ key the payments service was given and
   * the whsec_ secret webhooks are signed with.
   */
  stripeSandbox?: { url: string; secretKey: string; webhookSecret: string };
  /** Every child process the stack started, in start order (what a failover bench kills). */
  processes(): StackProcess[];
  /**
   * Kills one child (its name, e.g. `content-2`, `mailer-3`) with SIGKILL, as a crash would: no drain, nothing
   * restarts it. Resolves once it has exited; rejects for a name the stack did not start.
   */
  killProcess(name: string): Promise<void>;
  /** Stops the gateway, the frontends, the workers, the APIs, then MailDev, Redis and PostgreSQL. Idempotent. */
  stop(): Promise<void>;
  /** Kills every child at once (second Ctrl-C). */
  kill(): void;
}

/** One child process of a running stack. */
export interface StackProcess {
  /** Its name in the logs: `content`, `content-2`, `mailer-3`, `gateway`, `stripe-sandbox`, `shell`, … */
  name: string;
  /** The entry of the process list it runs (`content`, `mailer`, `tickets-worker`, …); a dev server's own name. */
  process: string;
  /** Which copy: 1 for the first (named as its process), 2 for `<process>-2`, … */
  replica: number;
  kind: ProcessKind | 'dev-server';
  pid: number | undefined;
  /** APIs, the Stripe sandbox and the gateway: where it answers. */
  url?: string;
  /** Whether it has exited (killed, crashed or stopped). */
  exited: boolean;
}
