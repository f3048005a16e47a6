import { planBuild, runBuild } from '../build.js';
import type { StackContext } from './stack-context.js';
import { abortIfNeeded } from './wait-for-ready.js';

/** npm start runs built code: build the workspaces whose output is missing or older than their sources. */
export async function buildWhatIsMissing(ctx: StackContext): Promise<void> {
  const plan = await planBuild(ctx.rootDir);
  for (const { why } of plan.skipped) ctx.warn(why);
  if (plan.steps.length > 0) await runBuild(ctx.rootDir, plan.steps, ctx.say);
  abortIfNeeded(ctx.signal);
}
