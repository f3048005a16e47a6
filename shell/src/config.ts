import * as z from 'zod/mini';

/**
 * The shell's build-time configuration (values are inlined by the build). Everything about the
 * remotes themselves comes from the runtime registry, so a remote can move without a shell rebuild.
 */
const configSchema = z.object({
  /** Where the runtime registry of remote manifests is read from. */
  REMOTES_REGISTRY_URL: z.string().check(z.minLength(1)),
});

export type ShellConfig = z.infer<typeof configSchema>;

export const config: ShellConfig = configSchema.parse({
  REMOTES_REGISTRY_URL: process.env.REMOTES_REGISTRY_URL,
});
