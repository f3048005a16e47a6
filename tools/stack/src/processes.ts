import { API_SERVICES, GATEWAY_PORT, readServices, STRIPE_SANDBOX, type ApiService, type ServicePackage } from './project.js';

/**
 * The one list of the project's long-running processes. `npm start`, `npm run dev` and the generator
 * of docker-compose.yml (`npm run compose -w @tca/stack`) all read it, so a process added here (or a
 * worker a service declares in its package.json) runs everywhere; a test fails while
 * docker-compose.yml is not regenerated.
 *
 * - every HTTP API of API_SERVICES (services/<name>/dist/index.js, its default port);
 * - the Stripe sandbox (services/stripe-sandbox/dist/index.js), which npm start runs only without a
 *   STRIPE_SECRET_KEY;
 * - the e-mail worker (services/mailer/dist/index.js), MAILER_WORKERS copies;
 * - every worker a service declares, "tca": { "workers": [{ "name": "tickets-worker", "entry": "worker" }] }
 *   (services/<service>/dist/<entry>.js, with its service's environment), TICKETS_WORKERS copies;
 * - the gateway (services/gateway/dist/index.js), the single origin.
 */

export type ProcessKind = 'api' | 'sandbox' | 'worker' | 'gateway';

/** Which environment a process gets: an API service's (database, Redis, …), the Stripe sandbox's, the mailer's, or the gateway's. */
export type ProcessEnvKind = 'service' | 'sandbox' | 'mailer' | 'gateway';

export interface ProcessSpec {
  /** Process name: the log prefix of npm start and the service name in docker-compose.yml. */
  name: string;
  /** The package directory under services/. */
  service: string;
  /** Module path without extension under the service's src/ (dev) and dist/ (built). */
  entry: string;
  kind: ProcessKind;
  env: ProcessEnvKind;
  /** api, sandbox and gateway: the port it listens on by default. */
  port?: number;
  /** worker: the variable saying how many copies npm start runs (default 1). */
  countVariable?: string;
}

/** `tickets-worker` → TICKETS_WORKERS, `mailer` → MAILER_WORKERS. */
export function workerCountVariable(name: string): string {
  return `${name.replace(/-worker$/, '').replace(/-/g, '_').toUpperCase()}_WORKERS`;
}

export interface ProjectProcesses {
  processes: ProcessSpec[];
  /** services/* packages none of the rules above covers (nothing runs them). */
  unknown: string[];
}

/** Every process of the project, from the services/* packages: APIs, the Stripe sandbox, the mailer, declared workers, the gateway. */
export function processesOf(services: ServicePackage[]): ProjectProcesses {
  const byName = new Map(services.map((s) => [s.name, s]));
  const processes: ProcessSpec[] = [];
  for (const name of Object.keys(API_SERVICES) as ApiService[]) {
    if (byName.has(name)) processes.push({ name, service: name, entry: 'index', kind: 'api', env: 'service', port: API_SERVICES[name] });
  }
  if (byName.has(STRIPE_SANDBOX.service)) {
    processes.push({ name: STRIPE_SANDBOX.service, service: STRIPE_SANDBOX.service, entry: 'index', kind: 'sandbox', env: 'sandbox', port: STRIPE_SANDBOX.port });
  }
  if (byName.has('mailer')) processes.push({ name: 'mailer', service: 'mailer', entry: 'index', kind: 'worker', env: 'mailer', countVariable: workerCountVariable('mailer') });
  for (const service of services) {
    const env: ProcessEnvKind = service.name === 'mailer' ? 'mailer' : service.name === 'gateway' ? 'gateway' : 'service';
    for (const worker of service.workers) {
      processes.push({ name: worker.name, service: service.name, entry: worker.entry, kind: 'worker', env, countVariable: workerCountVariable(worker.name) });
    }
  }
  if (byName.has('gateway')) processes.push({ name: 'gateway', service: 'gateway', entry: 'index', kind: 'gateway', env: 'gateway', port: GATEWAY_PORT });

  const seen = new Map<string, string>();
  for (const p of processes) {
    const other = seen.get(p.name);
    if (other) throw new Error(`Two processes are named "${p.name}" (services/${other} and services/${p.service}); worker names must be unique.`);
    seen.set(p.name, p.service);
  }
  const known = new Set<string>([...Object.keys(API_SERVICES), STRIPE_SANDBOX.service, 'mailer', 'gateway']);
  const unknown = services.filter((s) => !known.has(s.name) && s.workers.length === 0).map((s) => s.name);
  return { processes, unknown };
}

export async function readProcesses(rootDir: string): Promise<ProjectProcesses> {
  return processesOf(await readServices(rootDir));
}
