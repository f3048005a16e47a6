import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { COMPOSE_FILE, renderCompose } from './compose.js';
import { processesOf, readProcesses, workerCountVariable } from './processes.js';
import { REPO_ROOT, type ServicePackage } from './project.js';
import { which } from './find-executable.js';

/**
 * docker-compose.yml is generated from the one process list (src/processes.ts) that npm start and
 * npm run dev also run, so a new service or worker cannot be forgotten in one of them.
 */

function service(name: string, workers: ServicePackage['workers'] = []): ServicePackage {
  return { name, dir: `/repo/services/${name}`, packageName: `@x/${name}`, hasBuild: true, workers };
}

/** The lines of one service's block in a rendered compose file. */
function block(text: string, name: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  assert.ok(start >= 0, `no "${name}" service`);
  const end = lines.findIndex((line, i) => i > start && /^ {0,2}\S/.test(line) && !line.startsWith('   '));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('the process list', () => {
  test('APIs, the mailer, every declared worker and the gateway, with a count variable per worker', () => {
    const { processes, unknown } = processesOf([
      service('content', [{ name: 'tickets-worker', entry: 'worker' }]),
      service('gateway'),
      service('identity'),
      service('mailer'),
      service('payments'),
      service('stripe-sandbox'),
    ]);
    assert.deepEqual(
      processes.map((p) => [p.name, p.kind, `services/${p.service}/dist/${p.entry}.js`, p.env, p.port ?? p.countVariable]),
      [
        ['content', 'api', 'services/content/dist/index.js', 'service', 4001],
        ['identity', 'api', 'services/identity/dist/index.js', 'service', 4002],
        ['payments', 'api', 'services/payments/dist/index.js', 'service', 4003],
        ['stripe-sandbox', 'sandbox', 'services/stripe-sandbox/dist/index.js', 'sandbox', 4010],
        ['mailer', 'worker', 'services/mailer/dist/index.js', 'mailer', 'MAILER_WORKERS'],
        ['tickets-worker', 'worker', 'services/content/dist/worker.js', 'service', 'TICKETS_WORKERS'],
        ['gateway', 'gateway', 'services/gateway/dist/index.js', 'gateway', 3000],
      ],
    );
    assert.deepEqual(unknown, []);
    assert.equal(workerCountVariable('content-relay'), 'CONTENT_RELAY_WORKERS');
  });

  test('two processes with one name are refused', () => {
    assert.throws(() => processesOf([service('content', [{ name: 'mailer', entry: 'worker' }]), service('mailer')]), /Two processes are named "mailer"/);
  });
});

/** What the test reads of one compose service. */
interface ComposeService {
  profiles?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
}

/** The services of a compose file, parsed as compose reads it (`<<:` merges included). */
function composeServices(text: string): Record<string, ComposeService> {
  const parsed = parse(text, { merge: true }) as { services?: Record<string, ComposeService> };
  assert.ok(parsed.services, 'no services');
  return parsed.services;
}

/** The test stand-ins: the mail sink (MailDev, inbox and API without a password) and the Stripe sandbox (4242… pays). */
const STAND_INS = ['mail', 'stripe-sandbox'];

describe('docker-compose.yml', () => {
  test(`is up to date with the process list (else: npm run compose -w @tca/stack)`, async () => {
    const { processes } = await readProcesses(REPO_ROOT);
    const onDisk = await readFile(join(REPO_ROOT, COMPOSE_FILE), 'utf8');
    assert.ok(onDisk === renderCompose(processes), `${COMPOSE_FILE} is out of date: run npm run compose -w @tca/stack (it is generated from tools/stack/src/processes.ts)`);
  });

  test('runs every process; a worker is scalable and gets its service environment once the service is healthy', () => {
    const { processes } = processesOf([service('content', [{ name: 'tickets-worker', entry: 'worker' }]), service('gateway'), service('identity'), service('mailer'), service('payments')]);
    const text = renderCompose(processes);
    for (const p of processes) assert.match(block(text, p.name), new RegExp(`command: \\["node", "services/${p.service}/dist/${p.entry}\\.js"\\]`));
    for (const name of ['postgres', 'redis', 'mail']) block(text, name);

    const worker = block(text, 'tickets-worker');
    assert.match(worker, /<<: \*service-env/);
    assert.match(worker, /content:\n {8}condition: service_healthy/);
    for (const name of ['tickets-worker', 'mailer']) {
      assert.doesNotMatch(block(text, name), /container_name|ports:/, `${name} must be scalable`);
      assert.match(text, new RegExp(`--scale ${name}=3`));
    }
    const gateway = block(text, 'gateway');
    assert.match(gateway, /PUBLIC_URL: \$\{PUBLIC_URL:-http:\/\/localhost:3000\}/);
    for (const api of ['content', 'identity', 'payments']) {
      assert.match(gateway, new RegExp(`${api.toUpperCase()}_URL: http://${api}:\\d+`));
      assert.match(block(text, api), /PORT: "\d+"/);
    }
  });

  test('gives every service and its workers the URLs of the services (content asks identity who a token belongs to)', () => {
    const { processes } = processesOf([service('content', [{ name: 'tickets-worker', entry: 'worker' }]), service('gateway'), service('identity'), service('mailer'), service('payments')]);
    const text = renderCompose(processes);
    const serviceEnv = text.slice(text.indexOf('x-service-env: &service-env'), text.indexOf('x-needs-data'));
    assert.match(serviceEnv, /\n {2}CONTENT_URL: http:\/\/content:4001\n {2}IDENTITY_URL: http:\/\/identity:4002\n {2}PAYMENTS_URL: http:\/\/payments:4003\n/);
    for (const name of ['content', 'identity', 'payments', 'tickets-worker']) assert.match(block(text, name), /<<: \*service-env/, name);
  });

  test('runs the Stripe sandbox on its own port; payments and its workers must be given the Stripe keys (no defaults)', () => {
    const { processes } = processesOf([service('content'), service('gateway'), service('identity'), service('payments', [{ name: 'payments-worker', entry: 'worker' }]), service('stripe-sandbox')]);
    const text = renderCompose(processes);
    const sandbox = block(text, 'stripe-sandbox');
    assert.match(sandbox, /command: \["node", "services\/stripe-sandbox\/dist\/index\.js"\]/);
    assert.match(sandbox, /SANDBOX_SECRET_KEY: \$\{STRIPE_SECRET_KEY:\?[^}]+\}/);
    assert.match(sandbox, /SANDBOX_WEBHOOK_SECRET: \$\{STRIPE_WEBHOOK_SECRET:\?[^}]+\}/);
    assert.match(sandbox, /SANDBOX_WEBHOOK_URL: http:\/\/payments:4003\/webhooks\/stripe/);
    assert.match(sandbox, /ports:\n {6}- "127\.0\.0\.1:\$\{SANDBOX_PORT:-4010\}:4010"/);
    for (const name of ['payments', 'payments-worker']) {
      const payments = block(text, name);
      assert.match(payments, /STRIPE_SECRET_KEY: \$\{STRIPE_SECRET_KEY:\?[^}]+\}/, name);
      assert.match(payments, /STRIPE_WEBHOOK_SECRET: \$\{STRIPE_WEBHOOK_SECRET:\?[^}]+\}/, name);
      assert.match(payments, /STRIPE_API_BASE: \$\{STRIPE_API_BASE-http:\/\/stripe-sandbox:4010\}/, name);
    }
    for (const name of ['content', 'identity', 'gateway']) assert.doesNotMatch(block(text, name), /STRIPE_/, name);
  });

  test('asks for no operator console credentials: the Basic-auth console at /admin/ is retired (the staff area replaces it)', () => {
    const { processes } = processesOf([service('content'), service('gateway'), service('identity', [{ name: 'membership-worker', entry: 'worker' }]), service('payments')]);
    const text = renderCompose(processes);
    assert.doesNotMatch(text, /OPERATOR_|\/admin\//);
  });

  test('the mail sink and the Stripe sandbox run only with --profile local, published on 127.0.0.1 only', async () => {
    const onDisk = composeServices(await readFile(join(REPO_ROOT, COMPOSE_FILE), 'utf8'));
    assert.ok(Object.keys(onDisk).includes('gateway'), 'the file on disk has the gateway');
    for (const [name, spec] of Object.entries(onDisk)) {
      if (STAND_INS.includes(name)) {
        assert.deepEqual(spec.profiles, ['local'], `${name} must be in the local profile, and only in it`);
        assert.ok((spec.ports ?? []).length > 0, `${name} publishes its page for the browser`);
        // "1080:1080" or "0.0.0.0:1080:1080" would publish it on every interface.
        for (const port of spec.ports ?? []) assert.match(port, /^127\.0\.0\.1:/, `${name} publishes ${port} beyond this machine`);
      } else {
        assert.equal(spec.profiles, undefined, `${name} runs without a profile`);
        // Compose refuses to start a service whose dependency is in a profile that is not enabled.
        for (const dependency of Object.keys(spec.depends_on ?? {})) assert.ok(!STAND_INS.includes(dependency), `${name} depends on ${dependency}, which only the local profile runs`);
      }
    }
    // Only the gateway, the site's single origin, is published on every interface.
    const published = Object.entries(onDisk).filter(([, spec]) => (spec.ports ?? []).some((port) => !port.startsWith('127.0.0.1:')));
    assert.deepEqual(published.map(([name]) => name), ['gateway']);
  });

  test('the mailer and payments get ALLOW_TEST_SERVICES (default false): without it, production refuses the stand-ins', () => {
    const { processes } = processesOf([service('content'), service('gateway'), service('identity'), service('mailer'), service('payments', [{ name: 'payments-worker', entry: 'worker' }]), service('stripe-sandbox')]);
    const text = renderCompose(processes);
    const services = composeServices(text);
    for (const name of ['mailer', 'payments', 'payments-worker']) assert.equal(services[name]?.environment?.ALLOW_TEST_SERVICES, '${ALLOW_TEST_SERVICES:-false}', name);
    for (const name of ['content', 'identity', 'gateway', 'stripe-sandbox', 'mail']) assert.equal(services[name]?.environment?.ALLOW_TEST_SERVICES, undefined, name);
    // The header says how to start it with the stand-ins, and what production needs instead.
    assert.match(text, /ALLOW_TEST_SERVICES=true docker compose --profile local up --build/);
    assert.match(text, /SMTP_URL=/);
    assert.match(text, /STRIPE_SECRET_KEY=sk_live_/);
  });

  test('is valid for docker-compose', async (t) => {
    const binary = which('docker-compose');
    if (!binary) {
      t.skip('docker-compose is not installed (apt-get install docker-compose; .ci/run does), so the file was not validated');
      return;
    }
    const file = join(REPO_ROOT, COMPOSE_FILE);
    // SERVICE_TOKEN is required (identity and payments share it): without it the file does not resolve.
    const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_compose0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_compose0123456789' };
    const withoutToken: NodeJS.ProcessEnv = { ...process.env, ...stripeKeys };
    delete withoutToken.SERVICE_TOKEN;
    assert.throws(() => execFileSync(binary, ['-f', file, 'config', '-q'], { cwd: REPO_ROOT, env: withoutToken, stdio: ['ignore', 'pipe', 'pipe'] }), /SERVICE_TOKEN/);
    const env = {
      ...process.env,
      ...stripeKeys,
      SERVICE_TOKEN: 'compose-test-service-token-0123456789abcdef',
      STAFF_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    // The Stripe keys are required too (payments and the sandbox share them), and the key of staff members' TOTP secrets (identity).
    for (const name of [...Object.keys(stripeKeys), 'STAFF_SECRETS_KEY']) {
      const without: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(env).filter(([key]) => key !== name));
      assert.throws(() => execFileSync(binary, ['-f', file, 'config', '-q'], { cwd: REPO_ROOT, env: without, stdio: ['ignore', 'pipe', 'pipe'] }), new RegExp(name));
    }
    execFileSync(binary, ['-f', file, 'config', '-q'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const services = execFileSync(binary, ['-f', file, 'config', '--services'], { cwd: REPO_ROOT, env, encoding: 'utf8' }).split('\n').filter(Boolean);
    const { processes } = await readProcesses(REPO_ROOT);
    assert.deepEqual([...services].sort(), ['mail', 'postgres', 'redis', ...processes.map((p) => p.name)].sort());
    // The merged environment: content (and its workers) reach identity by its service name.
    const resolved = execFileSync(binary, ['-f', file, 'config'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    assert.match(block(resolved, 'content'), /IDENTITY_URL: http:\/\/identity:4002/);
    // Payments talks to the sandbox unless STRIPE_API_BASE is set; the sandbox signs with the same secret.
    assert.match(block(resolved, 'payments'), /STRIPE_API_BASE: http:\/\/stripe-sandbox:4010/);
    assert.match(block(resolved, 'stripe-sandbox'), /SANDBOX_WEBHOOK_SECRET: whsec_compose0123456789/);
    assert.match(block(resolved, 'stripe-sandbox'), /SANDBOX_WEBHOOK_URL: http:\/\/payments:4003\/webhooks\/stripe/);
    // The stand-ins as docker-compose reads them: in the local profile, published on 127.0.0.1 only.
    // (docker-compose 1 writes a port as "127.0.0.1:1080:1080/tcp", docker compose 2 as { host_ip, target, published }.)
    const resolvedServices = (parse(resolved) as { services: Record<string, { profiles?: string[]; ports?: (string | { host_ip?: string })[] }> }).services;
    for (const name of STAND_INS) {
      assert.deepEqual(resolvedServices[name]?.profiles, ['local'], name);
      const hosts = (resolvedServices[name]?.ports ?? []).map((port) => (typeof port === 'string' ? port.split(':')[0] : port.host_ip));
      assert.ok(hosts.length > 0, name);
      for (const host of hosts) assert.equal(host, '127.0.0.1', name);
    }
  });
});
