import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatStartSummary, type StartSummary } from './start-summary.js';

const summary: StartSummary = {
  mode: 'start',
  siteUrl: 'http://localhost:3000',
  gatewayUrl: 'http://127.0.0.1:3000',
  smtp: { url: 'smtp://127.0.0.1:1025', source: 'maildev', inboxUrl: 'http://127.0.0.1:1080/index.html' },
  postgres: { url: 'postgres://postgres:secret@127.0.0.1:5432/tamil_association', source: 'embedded', dataDir: '/data/postgres' },
  redis: { url: 'redis://127.0.0.1:6379', source: 'local' },
  stripe: { sandboxUrl: 'http://127.0.0.1:4010' },
  staff: true,
  healthUrls: {
    content: 'http://127.0.0.1:4001/readyz',
    identity: 'http://127.0.0.1:4002/readyz',
    payments: 'http://127.0.0.1:4003/readyz',
    'stripe-sandbox': 'http://127.0.0.1:4010/readyz',
    gateway: 'http://127.0.0.1:3000/healthz',
  },
  metricsUrls: {
    content: 'http://127.0.0.1:40101/metrics',
    'content-2': 'http://127.0.0.1:40102/metrics',
    'payments-worker': 'http://127.0.0.1:40103/metrics',
    mailer: 'http://127.0.0.1:40104/metrics',
    gateway: 'http://127.0.0.1:40105/metrics',
  },
};

/** The summary's rows that carry a URL or a value: `<name><spaces><value>`. */
function rows(text: string): Array<{ name: string; column: number; value: string }> {
  return text
    .split('\n')
    .map((line) => /^(\s*\S+(?: \S+)?)(\s+)(\S.*)$/.exec(line))
    .flatMap((m) => (m && m[1] && m[2] && m[3] && !m[1].startsWith('Press') ? [{ name: m[1], column: m[1].length + m[2].length, value: m[3] }] : []));
}

test('every name is followed by a space, stripe-sandbox included, and every value starts in one column', () => {
  const text = formatStartSummary(summary);
  assert.doesNotMatch(text, /stripe-sandboxhttp/);
  const found = rows(text);
  for (const name of Object.keys(summary.healthUrls)) {
    const row = found.find((r) => r.name.trim() === name);
    assert.ok(row, `${name} has a row`);
    assert.equal(row.value, summary.healthUrls[name]);
  }
  assert.equal(new Set(found.map((r) => r.column)).size, 1, `one column:\n${text}`);
  assert.match(text, /^ {2}stripe-sandbox {2,}http:\/\/127\.0\.0\.1:4010\/readyz$/m);
});

test('a longer process name widens the column instead of running into its URL', () => {
  const text = formatStartSummary({ ...summary, healthUrls: { ...summary.healthUrls, 'a-very-long-worker-name': 'http://127.0.0.1:9/readyz' } });
  assert.match(text, /^ {2}a-very-long-worker-name {2}http:\/\/127\.0\.0\.1:9\/readyz$/m);
  assert.equal(new Set(rows(text).map((r) => r.column)).size, 1);
});

test('passwords are not printed: the database URL is redacted; the retired operator console (/admin/) is not listed', () => {
  const text = formatStartSummary(summary);
  assert.doesNotMatch(text, /secret/);
  assert.match(text, /postgres:\*\*\*@127\.0\.0\.1:5432/);
  assert.doesNotMatch(text, /Operators|\/admin\/|password/);
});

test('dev mode lists the gateway; without a sandbox, Stripe says what payments uses', () => {
  assert.doesNotMatch(formatStartSummary(summary), /^Gateway/m);
  assert.match(formatStartSummary({ ...summary, mode: 'dev' }), /^Gateway +http:\/\/127\.0\.0\.1:3000$/m);
  assert.match(formatStartSummary({ ...summary, stripe: { configuredApiBase: 'https://api.stripe.com' } }), /^Stripe +https:\/\/api\.stripe\.com \(STRIPE_SECRET_KEY\)$/m);
  assert.match(formatStartSummary({ ...summary, stripe: undefined }), /^Stripe +\(none: payments cannot start a checkout\)$/m);
});

test('with identity running, one line says how to make the first staff owner', () => {
  assert.match(formatStartSummary(summary), /^Staff +http:\/\/localhost:3000\/staff {2}first owner: npm run admin -- staff add <email> --role owner$/m);
  assert.doesNotMatch(formatStartSummary({ ...summary, staff: false }), /staff add/);
});

test("a Metrics block lists every process's /metrics (each replica and copy), in the summary's one column", () => {
  const text = formatStartSummary(summary);
  const block = text.split('\nMetrics\n')[1]?.split('\n\n')[0] ?? '';
  assert.deepEqual(
    block.split('\n').map((line) => line.trim().split(/ +/)),
    Object.entries(summary.metricsUrls),
    `the Metrics block:\n${text}`,
  );
  assert.equal(new Set(rows(text).map((r) => r.column)).size, 1);
  assert.doesNotMatch(formatStartSummary({ ...summary, metricsUrls: {} }), /^Metrics$/m, 'no empty block');
});
