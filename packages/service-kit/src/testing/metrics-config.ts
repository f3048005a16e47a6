import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ConfigError } from '../config.js';
import { DEFAULT_METRICS_PORT, metricsListenOptions, type MetricsEnv } from '../metrics.js';

/**
 * Registers the test every process's config must pass for its metrics port: METRICS_PORT unset is 9464 (moved
 * to a free port when taken), 0 and a number are kept (a taken one is then an error), anything else is refused
 * naming the variable; METRICS_HOST unset is `defaultHost` (the process's HOST, or 127.0.0.1 without one).
 */
export function testMetricsConfig(load: (env: Record<string, string>) => MetricsEnv & { HOST?: string }, base: Record<string, string>, defaultHost = '127.0.0.1'): void {
  it('reads METRICS_PORT and METRICS_HOST: where /metrics is served, apart from the process port', () => {
    const listen = (env: Record<string, string>) => {
      const config = load({ ...base, ...env });
      return metricsListenOptions(config, config.HOST ?? '127.0.0.1');
    };
    assert.deepEqual(listen({}), { port: DEFAULT_METRICS_PORT, host: defaultHost, fallbackToFreePort: true });
    assert.deepEqual(listen({ METRICS_PORT: '' }), { port: DEFAULT_METRICS_PORT, host: defaultHost, fallbackToFreePort: true }, 'blank is unset');
    assert.deepEqual(listen({ METRICS_PORT: '0' }), { port: 0, host: defaultHost, fallbackToFreePort: false });
    assert.deepEqual(listen({ METRICS_PORT: '19464', METRICS_HOST: '0.0.0.0' }), { port: 19464, host: '0.0.0.0', fallbackToFreePort: false });
    for (const bad of ['abc', '-1', '70000', '94.64']) {
      assert.throws(
        () => load({ ...base, METRICS_PORT: bad }),
        (err: unknown) => err instanceof ConfigError && err.problems.some((p) => p.variable === 'METRICS_PORT'),
        `METRICS_PORT=${bad}`,
      );
    }
  });
}
