import { REGISTRY_PATH } from '@tca/contracts';

/**
 * The shell's build-time configuration: checked when the build starts (the rspack preset's build
 * environment, zod-parsed with a readable list of problems) and inlined, so no validation code ships.
 * Everything about the remotes themselves comes from the runtime registry, so a remote can move
 * without a shell rebuild.
 */
export interface ShellConfig {
  /** Where the runtime registry of remote manifests is read from when the page does not carry it. */
  REMOTES_REGISTRY_URL: string;
}

export const config: ShellConfig = {
  REMOTES_REGISTRY_URL: process.env.REMOTES_REGISTRY_URL ?? REGISTRY_PATH,
};
