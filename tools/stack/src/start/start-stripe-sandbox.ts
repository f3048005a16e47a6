import { randomBytes } from 'node:crypto';
import type { ChildSpec } from '../children.js';
import { STRIPE_SANDBOX } from '../project.js';
import type { RunningStack } from '../stack-options.js';
import type { ProcessPlan } from './plan-processes.js';
import { chooseServicePort } from './reserve-ports.js';
import type { StackContext } from './stack-context.js';
import { startHttpChild } from './start-http-child.js';
import type { StartedService } from './started-service.js';

export interface StripeSandboxStart {
  name: string;
  /** The keys made for this run (RunningStack.stripeSandbox, with the URL once it is final). */
  keys: Omit<NonNullable<RunningStack['stripeSandbox']>, 'url'>;
  /** What STRIPE_SANDBOX.clientService (payments) and its workers get: the keys and STRIPE_API_BASE. */
  clientEnv: Record<string, string>;
  start: Promise<StartedService>;
}

export interface StripeSandboxInput {
  plan: ProcessPlan;
  isolated: boolean;
  /** The APIs' planned URLs: the sandbox sends webhooks to payments there. */
  apiUrls: Readonly<Record<string, string>>;
  /** Ports already planned for the APIs. */
  takenPorts: Iterable<number>;
  baseEnv: NodeJS.ProcessEnv;
}

/**
 * The local Stripe, unless a STRIPE_SECRET_KEY is configured: random keys for this run; payments (and
 * its workers) get them with STRIPE_API_BASE, the sandbox sends signed webhooks to payments. Returns
 * undefined when the sandbox does not run.
 */
export async function startStripeSandbox(ctx: StackContext, { plan, isolated, apiUrls, takenPorts, baseEnv }: StripeSandboxInput): Promise<StripeSandboxStart | undefined> {
  const sandbox = plan.sandbox;
  if (!sandbox || ctx.lookup('STRIPE_SECRET_KEY')) return undefined;
  const run = plan.runnable(sandbox);
  if (!run) {
    ctx.warn(`${plan.entryFile(sandbox)} does not exist and STRIPE_SECRET_KEY is not set: payments cannot start a checkout.`);
    return undefined;
  }
  const port = await chooseServicePort(sandbox.port ?? STRIPE_SANDBOX.port, isolated, takenPorts);
  const keys = { secretKey: `sk_test_${randomBytes(24).toString('hex')}`, webhookSecret: `whsec_${randomBytes(24).toString('hex')}` };
  const paymentsUrl = apiUrls[STRIPE_SANDBOX.clientService];
  const publicUrl = ctx.lookup('SANDBOX_PUBLIC_URL');
  const spec = (p: number): ChildSpec => ({
    name: sandbox.name,
    command: process.execPath,
    args: run.args,
    cwd: ctx.rootDir,
    env: {
      ...baseEnv,
      PORT: String(p),
      SANDBOX_SECRET_KEY: keys.secretKey,
      SANDBOX_WEBHOOK_SECRET: keys.webhookSecret,
      SANDBOX_WEBHOOK_URL: paymentsUrl ? `${paymentsUrl}/webhooks/stripe` : '',
      SANDBOX_PUBLIC_URL: publicUrl ?? `http://127.0.0.1:${p}`,
    },
  });
  const start = startHttpChild(ctx, spec, port, '/readyz', true).then((result): StartedService => {
    if (result.port !== port) ctx.warn(`${STRIPE_SANDBOX.clientService} still calls the Stripe sandbox on port ${port} (STRIPE_API_BASE); restart to fix.`);
    const url = `http://127.0.0.1:${result.port}`;
    return { name: sandbox.name, url, healthUrl: `${url}/readyz`, ready: result.ready };
  });
  return {
    name: sandbox.name,
    keys,
    clientEnv: { STRIPE_SECRET_KEY: keys.secretKey, STRIPE_API_BASE: `http://127.0.0.1:${port}`, STRIPE_WEBHOOK_SECRET: keys.webhookSecret },
    start,
  };
}
