import type { SmtpHandle } from '../infra/mail-sink.js';
import type { PostgresHandle } from '../infra/postgres.js';
import type { RedisHandle } from '../infra/redis.js';
import { redactUrl } from '../redact-url.js';
import type { StackMode } from '../stack-options.js';

export interface StartSummary {
  mode: StackMode;
  siteUrl: string;
  gatewayUrl: string;
  smtp: Pick<SmtpHandle, 'url' | 'source' | 'inboxUrl'>;
  postgres: Pick<PostgresHandle, 'url' | 'source' | 'dataDir'>;
  redis: Pick<RedisHandle, 'url' | 'source'>;
  /** The sandbox's URL when it runs; else the Stripe API base when STRIPE_SECRET_KEY is configured. */
  stripe: { sandboxUrl: string } | { configuredApiBase: string } | undefined;
  /** Whether the identity API runs (the staff area at /staff, and how to make its first owner). */
  staff: boolean;
  healthUrls: Readonly<Record<string, string>>;
  /** Each process's Prometheus endpoint (METRICS_PORT), by process name. */
  metricsUrls: Readonly<Record<string, string>>;
}

/** Space between a name and its URL. */
const GAP = 2;
const HEALTH_INDENT = '  ';

function stripeLine(stripe: StartSummary['stripe']): string {
  if (!stripe) return '(none: payments cannot start a checkout)';
  if ('sandboxUrl' in stripe) return `${stripe.sandboxUrl} (sandbox: test card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)`;
  return `${stripe.configuredApiBase} (STRIPE_SECRET_KEY)`;
}

function redisSource(source: RedisHandle['source']): string {
  if (source === 'env') return 'REDIS_URL';
  return source === 'local' ? 'already running locally' : 'redis-server started by the stack';
}

/**
 * What npm start prints once everything runs: where the site, the inbox and the infrastructure are,
 * each process's health URL and where its metrics are. Every URL starts in one column, wide enough that the longest
 * name (e.g. `stripe-sandbox` under Health) is still followed by a gap.
 */
export function formatStartSummary(summary: StartSummary): string {
  const { smtp, postgres, redis } = summary;
  const rows: Array<[string, string]> = [
    ['Site', summary.siteUrl],
    ...(summary.mode === 'dev' ? [['Gateway', summary.gatewayUrl] as [string, string]] : []),
    ['Mail inbox', smtp.inboxUrl ?? `(none: mail goes to ${redactUrl(smtp.url)})`],
    ['Database', `${redactUrl(postgres.url)} (${postgres.source === 'env' ? 'DATABASE_URL' : `embedded, data in ${postgres.dataDir ?? ''}`})`],
    ['Redis', `${redactUrl(redis.url)} (${redisSource(redis.source)})`],
    ['SMTP', `${redactUrl(smtp.url)} (${smtp.source === 'env' ? 'SMTP_URL' : 'MailDev'})`],
    ['Stripe', stripeLine(summary.stripe)],
    // The staff area (issue 14) starts with one owner; the admin CLI finds this run's database itself.
    ...(summary.staff ? [['Staff', `${summary.siteUrl}/staff  first owner: npm run admin -- staff add <email> --role owner`] as [string, string]] : []),
  ];
  const indented = (urls: Readonly<Record<string, string>>) => Object.entries(urls).map(([name, url]): [string, string] => [`${HEALTH_INDENT}${name}`, url]);
  const health = indented(summary.healthUrls);
  const metrics = indented(summary.metricsUrls);
  const width = Math.max(...[...rows, ...health, ...metrics].map(([label]) => label.length)) + GAP;
  const line = ([label, value]: [string, string]) => `${label.padEnd(width)}${value}`;
  const metricsBlock = metrics.length > 0 ? ['Metrics', ...metrics.map(line)] : [];
  return ['', ...rows.map(line), 'Health', ...health.map(line), ...metricsBlock, '', 'Press Ctrl-C to stop everything.', ''].join('\n');
}
