import { z } from 'zod';
import { REGISTRY_PATH } from '@tca/contracts';

/**
 * The environment an app build reads, checked when the build starts (a readable list of every
 * problem), so the browser gets only the checked values, inlined, and no validation code.
 */
export const buildEnvSchema = z.object({
  /** Where the shell reads the runtime registry from (the gateway also writes it into the page). */
  REMOTES_REGISTRY_URL: z.string().trim().min(1, 'must not be empty').default(REGISTRY_PATH),
  /** Where `npm run dev`'s shell forwards API calls and the registry. */
  GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).default('http://127.0.0.1:3000'),
  /** Dev server port; the app's own default when unset. */
  PORT: z.coerce.number<string | undefined>().int().min(1).max(65535, 'must be a port number').optional(),
  /** Build output folder; the app's `dist` when unset. */
  MF_OUTPUT_PATH: z.string().trim().min(1).optional(),
});
export type BuildEnv = z.infer<typeof buildEnvSchema>;

export function loadBuildEnv(env: Record<string, string | undefined> = process.env): BuildEnv {
  const parsed = buildEnvSchema.safeParse({
    REMOTES_REGISTRY_URL: env.REMOTES_REGISTRY_URL,
    GATEWAY_URL: env.GATEWAY_URL,
    PORT: env.PORT === '' ? undefined : env.PORT,
    MF_OUTPUT_PATH: env.MF_OUTPUT_PATH === '' ? undefined : env.MF_OUTPUT_PATH,
  });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
  throw new Error(`The build environment is invalid:\n${problems}`);
}
