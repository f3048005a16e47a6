import { freePort } from '../ports.js';

/**
 * The metrics port of every process npm start runs (GET /metrics, /healthz, /readyz; service-kit metrics.ts):
 * a free port each, one per replica or copy, passed as METRICS_PORT and listed in the start summary.
 */
export interface MetricsPorts {
  /** Chooses `name`'s metrics port (again for a restarted copy: the same one); the variables to add to its environment. */
  envFor(name: string): Promise<{ METRICS_PORT: string; METRICS_HOST: string }>;
  /** Where each process's metrics are, by process name, in start order. */
  urls(): Record<string, string>;
}

const HOST = '127.0.0.1';

export function createMetricsPorts(): MetricsPorts {
  const ports = new Map<string, number>();
  return {
    async envFor(name) {
      let port = ports.get(name);
      if (port === undefined) {
        port = await freePort(HOST);
        ports.set(name, port);
      }
      return { METRICS_PORT: String(port), METRICS_HOST: HOST };
    },
    urls() {
      return Object.fromEntries([...ports].map(([name, port]) => [name, `http://${HOST}:${port}/metrics`]));
    },
  };
}
