/**
 * The whole site on one machine: `npm start` (built code, embedded PostgreSQL/Redis/MailDev when not
 * configured), `npm run dev` (watch mode and dev servers), and `npm run publish:remote` (deploy one
 * remote without rebuilding the shell). The e2e tests start the stack through `startStack`.
 */
export { startStack, type RunningStack, type StackMode, type StackOptions } from './stack.js';
export { publishRemote, updateRegistryFile, defaultVersion, writeFileAtomic, type PublishOptions, type PublishResult } from './publish.js';
export { planBuild, runBuild, readWorkspaces, type BuildPlan, type BuildStep, type Workspace } from './build.js';
export { resolvePostgres, startEmbeddedPostgres, checkPostgres, defaultRuntimeRoot, DATABASE_NAME, type PostgresHandle } from './infra/postgres.js';
export { resolveRedis, pingRedis, spawnRedis, NO_REDIS_MESSAGE, type RedisHandle } from './infra/redis.js';
export { resolveSmtp, startMailDev, MAIL_UI_PORT, MAIL_SMTP_PORT, type SmtpHandle } from './infra/mail-sink.js';
export { readProcesses, processesOf, workerCountVariable, type ProcessSpec, type ProcessKind } from './processes.js';
export { generateCompose, renderCompose, COMPOSE_FILE } from './compose.js';
export { readServices, REMOTES, API_SERVICES, DEV_PORTS, GATEWAY_PORT, REPO_ROOT, type Remote, type ServicePackage, type WorkerDecl } from './project.js';
export { formatLogLine } from './logfmt.js';
export { StackError } from './stack-error.js';
export { freePort } from './ports.js';

/**
 * A static server for one directory with the gateway's CORS and cache rules (the e2e tests host a
 * remote on its own origin with it). Loaded on demand: the gateway package must be built, or the
 * process must run with `--conditions=source`.
 */
export async function startStaticServer(options: { dir: string; port?: number; host?: string }): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const gateway = await import('@tca/gateway');
  return gateway.startStaticServer(options);
}
