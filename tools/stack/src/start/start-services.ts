import type { ProcessSpec } from '../processes.js';
import { STRIPE_SANDBOX } from '../project.js';
import type { RunningStack } from '../stack-options.js';
import type { ProcessPlan } from './plan-processes.js';
import type { FrontPorts } from './reserve-ports.js';
import type { StackContext } from './stack-context.js';
import { planApiPorts, replicaUrlLists, startApis } from './start-apis.js';
import { startStripeSandbox } from './start-stripe-sandbox.js';
import { waitForServices } from './started-service.js';

export interface ServicesInput {
  plan: ProcessPlan;
  front: FrontPorts;
  /** What every child gets (baseEnvironment). */
  baseEnv: NodeJS.ProcessEnv;
}

export interface RunningServices {
  /** Each service's readiness URL, in the order they are listed. */
  healthUrls: Record<string, string>;
  /** The local Stripe with this run's keys, when the stack runs it. */
  stripeSandbox: RunningStack['stripeSandbox'];
  /** Every child's environment with the services' final URLs, each API's replicas listed (CONTENT_URL=<replica 1>,<replica 2>,…). */
  env: NodeJS.ProcessEnv;
  /** What the gateway gets: `env` (it balances over the same lists). */
  gatewayEnv: NodeJS.ProcessEnv;
  /** Where each API replica is, by process name (`content`, `content-2`, …). */
  apiUrls: Record<string, string>;
  /** A process's environment next to the services: `env`, plus the Stripe keys for payments' processes. */
  envOf(process: ProcessSpec): NodeJS.ProcessEnv;
}

/**
 * Where the Stripe sandbox sends webhooks (to payments, `apiUrls`): with several payments replicas, to the
 * gateway's /webhooks/stripe, as Stripe reaches the public site, so a webhook finds a replica that is up (a
 * delivery that fails is sent again later).
 */
function webhookTargets(plan: ProcessPlan, apiUrls: Record<string, string>, front: FrontPorts): Record<string, string> {
  const client = STRIPE_SANDBOX.clientService;
  return (plan.replicas[client] ?? 1) > 1 ? { ...apiUrls, [client]: `http://127.0.0.1:${front.gatewayPort}` } : apiUrls;
}

/**
 * The Stripe sandbox and the APIs, each on a port chosen before any starts (so each gets the others'
 * URLs), then the long wait while they run their migrations. npm start fails on the first that does
 * not come up; npm run dev warns and goes on.
 */
export async function startServices(ctx: StackContext, { plan, front, baseEnv }: ServicesInput): Promise<RunningServices> {
  const apiPorts = await planApiPorts(plan.apis, front.isolated, plan.replicas);
  // Where each replica is, by replica name (the first is the API's name): every service and worker gets each API's
  // replicas (<SERVICE>_URL=<replica 1>,<replica 2>,…) and takes them in turn (service-kit's createReplicaFetch),
  // so a replica that dies (identity's first, say) does not stop the others' calls to that service.
  const plannedUrls = Object.fromEntries([...apiPorts].map(([name, port]) => [name, `http://127.0.0.1:${port}`]));
  const sandbox = await startStripeSandbox(ctx, { plan, isolated: front.isolated, apiUrls: webhookTargets(plan, plannedUrls, front), takenPorts: apiPorts.values(), baseEnv });
  const stripeEnvOf = (p: ProcessSpec): NodeJS.ProcessEnv => (sandbox && p.service === STRIPE_SANDBOX.clientService ? sandbox.clientEnv : {});
  const apis = startApis(ctx, {
    plan,
    ports: apiPorts,
    envOf: (api) => ({ ...baseEnv, ...replicaUrlLists(plan.apis, plan.replicas, plannedUrls), ...stripeEnvOf(api) }),
  });
  ctx.say('waiting for the services (migrations run on start)...');
  const services = await waitForServices(ctx, [...apis.starts, ...(sandbox ? [sandbox.start] : [])]);

  // From here on the services' URLs are final (one may have moved to another port).
  const env: NodeJS.ProcessEnv = { ...baseEnv, ...replicaUrlLists(plan.apis, plan.replicas, apis.urls) };
  const sandboxUrl = sandbox && services.started.find((s) => s.name === sandbox.name)?.url;
  return {
    healthUrls: services.healthUrls,
    stripeSandbox: sandbox && sandboxUrl ? { url: sandboxUrl, ...sandbox.keys } : undefined,
    env,
    gatewayEnv: env,
    apiUrls: { ...apis.urls },
    envOf: (p) => ({ ...env, ...stripeEnvOf(p) }),
  };
}
