import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, from this file's place (tools/stack/src). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

/** The remotes, as in @tca/contracts REMOTE_NAMES (a test checks they agree; the stack does not import workspace packages, which may not be built yet). */
export const REMOTES = ['content', 'membership', 'account', 'staff'] as const;
export type Remote = (typeof REMOTES)[number];

/** The HTTP APIs the stack starts, with their default ports (a test checks them against @tca/contracts SERVICES). */
export const API_SERVICES = { content: 4001, identity: 4002, payments: 4003 } as const;
export type ApiService = keyof typeof API_SERVICES;
export const GATEWAY_PORT = 3000;

/**
 * The local Stripe (services/stripe-sandbox): run when no STRIPE_SECRET_KEY is configured, on its own
 * port (the browser opens its hosted checkout page). Only `clientService` (and its workers) get the keys.
 */
export const STRIPE_SANDBOX = { service: 'stripe-sandbox', port: 4010, clientService: 'payments' } as const;

/** Dev servers (npm run dev): the shell and each remote on fixed ports, as the shell's dev config expects. */
export const DEV_PORTS = { shell: 3100, content: 3101, membership: 3102, account: 3103, staff: 3104 } as const;

/**
 * The worker convention. A service package declares its extra long-running processes (besides its
 * HTTP API) in package.json:
 *
 *   "tca": { "workers": [{ "name": "content-worker", "entry": "worker" }] }
 *
 * `name` is the process name: the service name in docker-compose.yml and the log prefix of
 * `npm start`. `entry` is the module path without extension, under `src/` (dev: `src/<entry>.ts`) and
 * `dist/` (built: `dist/<entry>.js`). src/processes.ts turns the services and their workers into the
 * one process list: `npm start`/`npm run dev` run each declared worker with its service's env
 * (<NAME>_WORKERS copies, e.g. TICKETS_WORKERS for tickets-worker), and docker-compose.yml is
 * generated from it (`npm run compose -w @tca/stack`; src/compose.test.ts fails while it is stale).
 */
export const workerDeclSchema = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and -'),
    entry: z.string().regex(/^(?!.*\.\.)[\w][\w/.-]*$/, 'a module path under src/ and dist/, without extension'),
  })
  .strict();
export type WorkerDecl = z.infer<typeof workerDeclSchema>;

const tcaFieldSchema = z.object({ workers: z.array(workerDeclSchema).default([]) }).default({ workers: [] });

export interface ServicePackage {
  /** Directory name under services/, e.g. 'content'. Also its container name. */
  name: string;
  /** Absolute directory. */
  dir: string;
  packageName: string;
  hasBuild: boolean;
  workers: WorkerDecl[];
}

export async function readJson<T = unknown>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

interface PackageJson {
  name?: string;
  scripts?: Record<string, string>;
  tca?: unknown;
}

/** Every package under services/, with the workers it declares. */
export async function readServices(rootDir: string): Promise<ServicePackage[]> {
  const servicesDir = join(rootDir, 'services');
  const entries = await readdir(servicesDir, { withFileTypes: true });
  const services: ServicePackage[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = join(servicesDir, entry.name);
    const pkgFile = join(dir, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = await readJson<PackageJson>(pkgFile);
    const tca = tcaFieldSchema.safeParse(pkg.tca);
    if (!tca.success) {
      throw new Error(`services/${entry.name}/package.json: invalid "tca" field: ${tca.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    services.push({
      name: entry.name,
      dir,
      packageName: pkg.name ?? entry.name,
      hasBuild: typeof pkg.scripts?.build === 'string',
      workers: tca.data.workers,
    });
  }
  return services;
}
