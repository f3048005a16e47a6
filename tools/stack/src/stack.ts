import type { RunningStack, StackOptions } from './stack-options.js';
import { buildWhatIsMissing } from './start/build-what-is-missing.js';
import { baseEnvironment, persistentStaffSecretsKey } from './start/child-environment.js';
import { planProcesses, type ProcessPlan } from './start/plan-processes.js';
import { reserveFrontPorts, type FrontPorts } from './start/reserve-ports.js';
import { StackShutdown } from './start/stack-shutdown.js';
import { createStackContext, type StackContext } from './start/stack-context.js';
import { DEV_SERVER_TIMEOUT_MS, NO_DEV_SERVERS, startDevServers, waitForDevServers } from './start/start-dev-servers.js';
import { reportGatewayReadiness, startGateway } from './start/start-gateway.js';
import { startInfrastructure, type Infrastructure } from './start/start-infrastructure.js';
import { startServices, type RunningServices } from './start/start-services.js';
import { formatStartSummary, type StartSummary } from './start/start-summary.js';
import { startWorkers } from './start/start-workers.js';
import { describeChildren, killChild } from './start/stack-processes.js';

export type { RunningStack, StackMode, StackOptions } from './stack-options.js';

/**
 * The whole site on one machine, step by step (each step is a module in start/). A failure at any
 * step stops what was started and rejects.
 */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const ctx = createStackContext(options);
  const shutdown = new StackShutdown(ctx, options.stopGraceMs ?? 10_000);
  try {
    if (ctx.mode === 'start' && options.build !== false) await buildWhatIsMissing(ctx);
    const plan = await planProcesses(ctx);
    const front = await reserveFrontPorts(ctx.mode, options.gatewayPort);
    const infrastructure = shutdown.holdInfrastructure(
      await startInfrastructure(ctx, { freshDatabase: options.freshDatabase ?? false, postgresRuntimeRoot: options.postgresRuntimeRoot }),
    );
    const baseEnv = baseEnvironment({
      extra: options.env,
      lookup: ctx.lookup,
      infrastructure,
      siteUrl: front.siteUrl,
      staffSecretsKey: persistentStaffSecretsKey(ctx.lookup, ctx.dataDir),
    });
    const services = await startServices(ctx, { plan, front, baseEnv });
    await startWorkers(ctx, plan, services.envOf);
    const devServers = ctx.mode === 'dev' ? await startDevServers(ctx, baseEnv) : NO_DEV_SERVERS;
    const gatewayUrl = await startGateway(ctx, { run: plan.gateway, port: front.gatewayPort, env: { ...services.gatewayEnv, ...devServers.manifestEnv } });
    await waitForDevServers(ctx, devServers, options.readyTimeoutMs ?? DEV_SERVER_TIMEOUT_MS);
    await reportGatewayReadiness(ctx, gatewayUrl);

    const healthUrls = { ...services.healthUrls, ...devServers.healthUrls, gateway: `${gatewayUrl}/healthz` };
    ctx.say(formatStartSummary(summaryOf(ctx, { plan, front, gatewayUrl, infrastructure, services, healthUrls })));
    ctx.children.markRunning();
    return runningStack(ctx, { plan, front, gatewayUrl, infrastructure, services, healthUrls, shutdown });
  } catch (err) {
    await shutdown.stop();
    throw err;
  }
}

interface Started {
  front: FrontPorts;
  gatewayUrl: string;
  infrastructure: Infrastructure;
  services: RunningServices;
  healthUrls: Record<string, string>;
}

/** What the start summary shows. */
function summaryOf(ctx: StackContext, started: Started & { plan: ProcessPlan }): StartSummary {
  const { plan, front, gatewayUrl, infrastructure, services, healthUrls } = started;
  const stripeSecretKey = ctx.lookup('STRIPE_SECRET_KEY');
  return {
    mode: ctx.mode,
    siteUrl: front.siteUrl,
    gatewayUrl,
    ...infrastructure,
    stripe: services.stripeSandbox
      ? { sandboxUrl: services.stripeSandbox.url }
      : stripeSecretKey
        ? { configuredApiBase: ctx.lookup('STRIPE_API_BASE') ?? 'https://api.stripe.com' }
        : undefined,
    staff: plan.apis.some((a) => a.service === 'identity'),
    healthUrls,
    metricsUrls: ctx.metricsPorts.urls(),
  };
}

/** What startStack's caller gets: where everything is, and how to stop it. */
function runningStack(ctx: StackContext, started: Started & { plan: ProcessPlan; shutdown: StackShutdown }): RunningStack {
  const { plan, front, gatewayUrl, infrastructure, services, healthUrls, shutdown } = started;
  const { postgres, redis, smtp } = infrastructure;
  const childUrls = { ...services.apiUrls, ...(plan.sandbox && services.stripeSandbox ? { [plan.sandbox.name]: services.stripeSandbox.url } : {}), gateway: gatewayUrl };
  return {
    mode: ctx.mode,
    siteUrl: front.siteUrl,
    gatewayUrl,
    ...(smtp.inboxUrl ? { mailUrl: smtp.inboxUrl } : {}),
    healthUrls,
    databaseUrl: postgres.url,
    ...(postgres.dataDir ? { postgresDataDir: postgres.dataDir } : {}),
    redisUrl: redis.url,
    smtpUrl: smtp.url,
    ...(services.stripeSandbox ? { stripeSandbox: services.stripeSandbox } : {}),
    processes: () => describeChildren(ctx.children, plan, childUrls),
    killProcess: (name) => killChild(ctx.children, name),
    stop: shutdown.stop,
    kill: shutdown.kill,
  };
}
