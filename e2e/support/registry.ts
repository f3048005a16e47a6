import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@tca/contracts';
import { dataDir } from './fixtures.js';

const registryFile = () => path.join(dataDir(), 'remotes.json');

/** Points some remotes somewhere else; the gateway re-reads this file on every /remotes.json request. */
export async function pointRegistry(remotes: Partial<Record<RemoteName, string>>, loader?: { timeoutMs: number; retries: number; backoffMs: number }) {
  await writeFile(registryFile(), JSON.stringify({ remotes, ...(loader ? { loader } : {}) }, null, 2));
}

/** Back to the remotes the gateway serves itself. */
export async function resetRegistry() {
  await rm(registryFile(), { force: true });
}
