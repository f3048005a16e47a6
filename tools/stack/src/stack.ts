import { STRIPE_SANDBOX } from './project.js';
import type { ProcessSpec } from './processes.js';
import type { RunningStack, StackOptions } from './stack-options.js';
import { buildWhatIsMissing } from './start/build-what-is-missing.js';
import { baseEnvironment, operatorCredentials, operatorEnvironment, serviceUrlEnvironment } from './start/child-environment.js';
import { planProcesses } from './start/plan-processes.js';
import { reserveFrontPorts } from './start/reserve-ports.js';
import { createStackContext } from './start/stack-context.js';
import { planApiPorts, startApis } from './start/start-apis.js';
import { DEV_SERVER_TIMEOUT_MS, startDevServers, waitForDevServers, type DevServers } from './start/start-dev-servers.js';
import { reportGatewayReadiness, startGateway } from './start/start-gateway.js';
import { killInfrastructure, startInfrastructure, stopInfrastructure, type Infrastructure } from './start/start-infrastructure.js';
import { startStripeSandbox } from './start/start-stripe-sandbox.js';
import { formatStartSummary } from './start/start-summary.js';
import { startWorkers } from './start/start-workers.js';
import { waitForServices } from './start/started-service.js';

export type { RunningStack, StackMode, StackOptions } from './stack-options.js';

/**
 * The whole site on one machine, step by step: build what is missing, plan the processes and the
 * front ports, start PostgreSQL/Redis/the mail sink, then the Stripe sandbox and the APIs (which run
 * their migrations and seed on start), the workers, the dev servers (dev), the gateway, and print the
 * summary. A failure at any step stops what was started and rejects.
 */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const ctx = createStackContext(options);
  const { mode, children } = ctx;
  let infrastructure: Infrastructure | undefined;
  let stopped: Promise<void> | undefined;
  const killChildren = () => children.killAll();
  process.on('exit', killChildren);
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await children.stopAll(options.stopGraceMs ?? 10_000);
      if (infrastructure) await stopInfrastructure(infrastructure, ctx.warn);
      process.off('exit', killChildren);
    })();
    return stopped;
  };

  try {
    if (mode === 'start' && options.build !== false) await buildWhatIsMissing(ctx);
    const plan = await planProcesses(ctx);
    const front = await reserveFrontPorts(mode, options.gatewayPort);
    infrastructure = await startInfrastructure(ctx, { freshDatabase: options.freshDatabase ?? false, postgresRuntimeRoot: options.postgresRuntimeRoot });
    const baseEnv = baseEnvironment({ extra: options.env, lookup: ctx.lookup, infrastructure, siteUrl: front.siteUrl });

    const apiPorts = await planApiPorts(plan.apis, front.isolated);
    const plannedUrls = Object.fromEntries([...apiPorts].map(([name, port]) => [name, `http://127.0.0.1:${port}`]));
    const sandbox = await startStripeSandbox(ctx, { plan, isolated: front.isolated, apiUrls: plannedUrls, takenPorts: apiPorts.values(), baseEnv });
    const stripeEnvOf = (p: ProcessSpec): NodeJS.ProcessEnv => (sandbox && p.service === STRIPE_SANDBOX.clientService ? sandbox.clientEnv : {});
    const operator = operatorCredentials(ctx.lookup);
    const apis = startApis(ctx, { plan, ports: apiPorts, envOf: (api) => ({ ...baseEnv, ...serviceUrlEnvironment(plannedUrls), ...stripeEnvOf(api), ...operatorEnvironment(api.service, operator) }) });
    ctx.say('waiting for the services (migrations run on start)...');
    const services = await waitForServices(ctx, [...apis.starts, ...(sandbox ? [sandbox.start] : [])]);

    // From here on the services' URLs are final (one may have moved to another port).
    const withServiceUrls: NodeJS.ProcessEnv = { ...baseEnv, ...serviceUrlEnvironment(apis.urls) };
    await startWorkers(ctx, plan, (worker) => ({ ...withServiceUrls, ...stripeEnvOf(worker) }));
    const devServers: DevServers = mode === 'dev' ? await startDevServers(ctx, baseEnv) : { servers: [], manifestEnv: {}, healthUrls: {} };
    const gatewayUrl = await startGateway(ctx, { run: plan.gateway, port: front.gatewayPort, env: { ...withServiceUrls, ...devServers.manifestEnv } });
    await waitForDevServers(ctx, devServers, options.readyTimeoutMs ?? DEV_SERVER_TIMEOUT_MS);
    await reportGatewayReadiness(ctx, gatewayUrl);

    const healthUrls = { ...services.healthUrls, ...devServers.healthUrls, gateway: `${gatewayUrl}/healthz` };
    const sandboxUrl = sandbox && services.started.find((s) => s.name === sandbox.name)?.url;
    const stripeSandbox = sandbox && sandboxUrl ? { url: sandboxUrl, ...sandbox.keys } : undefined;
    const stripeSecretKey = ctx.lookup('STRIPE_SECRET_KEY');
    ctx.say(
      formatStartSummary({
        mode,
        siteUrl: front.siteUrl,
        gatewayUrl,
        ...infrastructure,
        stripe: stripeSandbox ? { sandboxUrl: stripeSandbox.url } : stripeSecretKey ? { configuredApiBase: ctx.lookup('STRIPE_API_BASE') ?? 'https://api.stripe.com' } : undefined,
        operators: plan.apis.some((a) => a.service === 'identity') ? { user: operator.user, password: operator.passwordConfigured ? undefined : operator.password } : undefined,
        healthUrls,
      }),
    );
    children.markRunning();

    const { postgres, redis, smtp } = infrastructure;
    return {
      mode,
      siteUrl: front.siteUrl,
      gatewayUrl,
      ...(smtp.inboxUrl ? { mailUrl: smtp.inboxUrl } : {}),
      healthUrls,
      databaseUrl: postgres.url,
      ...(postgres.dataDir ? { postgresDataDir: postgres.dataDir } : {}),
      redisUrl: redis.url,
      smtpUrl: smtp.url,
      ...(stripeSandbox ? { stripeSandbox } : {}),
      stop,
      kill: () => {
        children.killAll();
        if (infrastructure) killInfrastructure(infrastructure);
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
