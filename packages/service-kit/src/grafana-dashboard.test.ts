import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { createProcessMetrics, TCA_METRICS } from './metrics.js';

const DASHBOARD = new URL('../../../deploy/grafana/tca-dashboard.json', import.meta.url);

interface Target {
  expr?: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  title?: string;
  type: string;
  datasource?: { type?: string; uid?: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query?: unknown; definition?: string }> };
}

/** Every series name a process exports: its registry's metrics, histograms with their _bucket, _sum and _count. */
function exportedNames(): Set<string> {
  const names = new Set<string>();
  for (const metric of createProcessMetrics('dashboard-test').registry.getMetricsAsArray()) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

/** The metric names a PromQL expression selects: ours and prom-client's by prefix, and any name before a `{` selector. */
function metricNamesIn(expr: string): string[] {
  const code = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const prefixed = code.match(/\b(?:tca|nodejs|process)_[a-zA-Z0-9_:]*/g) ?? [];
  const selected = [...code.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/g)].map((m) => m[1] ?? '');
  return [...new Set([...prefixed, ...selected])];
}

function allPanels(panels: Panel[]): Panel[] {
  return panels.flatMap((panel) => [panel, ...allPanels(panel.panels ?? [])]);
}

test('the Grafana dashboard queries only metrics the processes export, and shows every tca_ one', async () => {
  const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as Dashboard;
  const exported = exportedNames();
  const variable = dashboard.templating.list.find((v) => v.type === 'datasource');
  assert.equal(variable?.query, 'prometheus', 'a Prometheus datasource variable');

  const queries: Array<{ where: string; expr: string }> = [];
  for (const panel of allPanels(dashboard.panels)) {
    if (panel.type === 'row') continue;
    assert.ok((panel.targets ?? []).length > 0, `${panel.title ?? '?'} has queries`);
    assert.equal(panel.datasource?.uid, `\${${variable.name}}`, `${panel.title ?? '?'} uses the datasource variable`);
    for (const target of panel.targets ?? []) queries.push({ where: panel.title ?? '?', expr: target.expr ?? '' });
  }
  for (const v of dashboard.templating.list) if (v.definition) queries.push({ where: `variable ${v.name}`, expr: v.definition });

  const used = new Set<string>();
  for (const { where, expr } of queries) {
    const names = metricNamesIn(expr);
    assert.ok(names.length > 0, `${where}: no metric in ${expr}`);
    for (const name of names) {
      assert.ok(exported.has(name), `${where}: ${name} is not a metric the processes export`);
      used.add(name.replace(/_(bucket|sum|count)$/, ''));
    }
  }
  for (const name of Object.values(TCA_METRICS)) assert.ok(used.has(name), `the dashboard shows ${name}`);
});

test('the check itself catches a metric name that does not exist', () => {
  const exported = exportedNames();
  assert.deepEqual(metricNamesIn('sum by (service) (rate(tca_http_request_total{status=~"5.."}[5m]))'), ['tca_http_request_total']);
  assert.equal(exported.has('tca_http_request_total'), false);
  assert.deepEqual(metricNamesIn('rate(up{job="x"}[1m])'), ['up']);
});
