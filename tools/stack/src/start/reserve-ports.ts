import { DEV_PORTS, GATEWAY_PORT } from '../project.js';
import { freePort, isPortFree, preferredPort } from '../ports.js';
import { StackError } from '../stack-error.js';
import type { StackMode } from '../stack-options.js';

export interface FrontPorts {
  gatewayPort: number;
  /** Port 0 was asked for (the e2e tests): every other port is then any free one too, so stacks run side by side. */
  isolated: boolean;
  /** The site in a browser: the gateway (start) or the shell dev server (dev). */
  siteUrl: string;
}

/**
 * The gateway's port (and in dev mode the dev servers'), checked before anything starts: they are
 * fixed, so a taken one is an error rather than a reason to pick another.
 */
export async function reserveFrontPorts(mode: StackMode, requestedGatewayPort = GATEWAY_PORT): Promise<FrontPorts> {
  if (mode === 'dev' && requestedGatewayPort !== GATEWAY_PORT) throw new StackError(`In dev mode the gateway must use port ${GATEWAY_PORT} (the shell dev server proxies to it).`);
  let gatewayPort = requestedGatewayPort;
  if (requestedGatewayPort === 0) gatewayPort = await freePort();
  else if (!(await isPortFree(requestedGatewayPort))) {
    throw new StackError(`Port ${requestedGatewayPort} is in use (another npm start?). Stop what uses it${mode === 'start' ? ', or start on any free port: npm start -- --port 0' : ''}.`);
  }
  if (mode === 'dev') {
    for (const [app, port] of Object.entries(DEV_PORTS)) {
      if (!(await isPortFree(port))) throw new StackError(`Port ${port} (dev server of ${app}) is in use. Stop what uses it (another npm run dev?).`);
    }
  }
  const siteUrl = mode === 'dev' ? `http://localhost:${DEV_PORTS.shell}` : `http://localhost:${gatewayPort}`;
  return { gatewayPort, isolated: requestedGatewayPort === 0, siteUrl };
}

/** A port for a service: its default when free, any free one when isolated; never one in `taken`. */
export async function chooseServicePort(defaultPort: number, isolated: boolean, taken: Iterable<number>): Promise<number> {
  const avoid = new Set(taken);
  let port = isolated ? await freePort() : await preferredPort(defaultPort);
  while (avoid.has(port)) port = await freePort();
  return port;
}
