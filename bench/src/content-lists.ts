import { setTimeout as sleep } from 'node:timers/promises';
import { log, reportProblems, runBench } from './bench-main.js';
import { benchDataDir, startBenchSite } from './bench-site.js';
import { startBareServer, type BareEntry } from './bare-server.js';
import { formatTable, goalMisses, GOALS, parseBenchOptions, rowProblems, TARGETS, USAGE, type BenchOptions, type BenchRow, type LoadFigures, type Target } from './content-report.js';
import { capture, differences, headerOf, LoadAborted, type CapturedResponse } from './http-load.js';
import { runAfterWarmup, startLoadRunner, type LoadRunner } from './load-runner.js';
import { machineLine, startedSiteNote } from './machine-line.js';

/**
 * `npm run bench:content`: what the content list endpoints serve per second through the gateway,
 * from the content service alone, and from a bare Node server answering the same bytes, in one run.
 * Starts the composed site (unless --gateway/--service name a running one), captures each list from
 * the service, checks the gateway and the bare server answer the same bytes, then loads each target
 * in turn. Loopback only; stops by itself; closes what it started, also on failure or Ctrl-C.
 */
/** How long the content service may take to load its seed content after it is ready. */
const SEED_WAIT_MS = 120_000;

/** Waits until every path answers 200 with a non-empty JSON list (the seed is loaded); after SEED_WAIT_MS, goes on with a warning. */
async function waitForContent(serviceUrl: string, paths: readonly string[], signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + SEED_WAIT_MS;
  for (;;) {
    const pending: string[] = [];
    for (const p of paths) {
      const answer = await capture(serviceUrl, p).catch((err: Error) => err);
      if (answer instanceof Error) pending.push(`${p}: ${answer.message}`);
      else if (answer.status !== 200) pending.push(`${p}: HTTP ${answer.status}`);
      else if (/^\s*\[\s*\]\s*$/.test(answer.body.toString('utf8'))) pending.push(`${p}: an empty list`);
    }
    if (pending.length === 0) return;
    if (signal.aborted) throw new LoadAborted('aborted');
    if (Date.now() > deadline) {
      if (pending.some((p) => !p.endsWith('an empty list'))) throw new Error(`The content service does not serve the lists:\n  ${pending.join('\n  ')}`);
      log(`warning: still empty after ${SEED_WAIT_MS / 1000} s, measured anyway:\n  ${pending.join('\n  ')}`);
      return;
    }
    await sleep(500);
  }
}

/** The bytes to serve: each list (and its 304) from the service, checked against the gateway. */
async function captureEntries(options: BenchOptions, gatewayUrl: string, serviceUrl: string): Promise<BareEntry[]> {
  const entries: BareEntry[] = [];
  for (const p of options.paths) {
    const full = await capture(serviceUrl, p);
    const viaGateway = await capture(gatewayUrl, p);
    const diff = differences(full, viaGateway);
    if (diff.length > 0) throw new Error(`The gateway and the service answer ${p} differently: ${diff.join('; ')}`);
    const etag = headerOf(full, 'etag');
    let notModified: CapturedResponse | undefined;
    if (p === options.conditionalPath) {
      if (etag === undefined) log(`warning: ${p} has no ETag; no If-None-Match row.`);
      else {
        const conditional = await capture(serviceUrl, p, { 'If-None-Match': etag });
        if (conditional.status === 304) notModified = conditional;
        else log(`warning: ${p} with If-None-Match: ${etag} answered ${conditional.status}, not 304; no If-None-Match row.`);
      }
    }
    entries.push({ full, ...(notModified ? { notModified } : {}) });
  }
  return entries;
}

/** The bare server must answer exactly what was captured. */
async function checkBare(bareUrl: string, entries: readonly BareEntry[]): Promise<void> {
  for (const { full, notModified } of entries) {
    const diff = differences(full, await capture(bareUrl, full.path));
    const etag = headerOf(full, 'etag');
    if (notModified && etag !== undefined) diff.push(...differences(notModified, await capture(bareUrl, full.path, { 'If-None-Match': etag })));
    if (diff.length > 0) throw new Error(`The bare server does not answer ${full.path} as captured: ${diff.join('; ')}`);
  }
}

async function measureRow(
  runner: LoadRunner,
  options: BenchOptions,
  origins: Record<Target, string>,
  row: { label: string; path: string; bytes: number; expectStatus: number; headers: Record<string, string>; revalidates?: string },
  signal: AbortSignal,
): Promise<BenchRow> {
  const figures = {} as Record<Target, LoadFigures>;
  for (const target of TARGETS) {
    figures[target] = await runAfterWarmup(runner, { url: `${origins[target]}${row.path}`, connections: options.connections, headers: row.headers, signal }, options);
    log(`  ${row.label} via ${target}: ${Math.round(figures[target].rps)} req/s`);
  }
  return { label: row.label, bytes: row.bytes, expectStatus: row.expectStatus, figures, ...(row.revalidates === undefined ? {} : { revalidates: row.revalidates }) };
}

await runBench<BenchOptions>(
  () => parseBenchOptions(process.argv.slice(2), process.env),
  USAGE,
  async (options, controller, cleanups) => {
  let siteNote = 'a running site';
  let gatewayUrl = options.gatewayUrl;
  let serviceUrl = options.serviceUrl;
  if (gatewayUrl === undefined || serviceUrl === undefined) {
    const dataDir = await benchDataDir('content', cleanups);
    const stack = await startBenchSite({ dataDir, build: options.build, signal: controller.signal, env: { REDIS_URL: options.redisUrl } }, cleanups);
    const contentHealth = stack.healthUrls.content;
    if (contentHealth === undefined) throw new Error('The site started without the content service (is services/content built?).');
    gatewayUrl = stack.gatewayUrl;
    serviceUrl = new URL(contentHealth).origin;
    const listCache = process.env.CONTENT_LIST_CACHE_MS?.trim();
    siteNote = `${startedSiteNote()}${listCache ? `, CONTENT_LIST_CACHE_MS ${listCache}` : ''}`;
  }

  log('waiting for the content lists...');
  await waitForContent(serviceUrl, options.paths, controller.signal);
  const entries = await captureEntries(options, gatewayUrl, serviceUrl);
  const bare = await startBareServer(entries);
  cleanups.push(() => bare.close());
  await checkBare(bare.url, entries);
  const runner = startLoadRunner();
  cleanups.push(() => runner.close());

  const origins: Record<Target, string> = { gateway: gatewayUrl, service: serviceUrl, bare: bare.url };
  log(`measuring ${entries.length + (entries.some((e) => e.notModified) ? 1 : 0)} rows × 3 targets, ${options.durationS} s each after ${options.warmupS} s warm-up...`);
  const rows: BenchRow[] = [];
  for (const { full } of entries) {
    rows.push(await measureRow(runner, options, origins, { label: full.path, path: full.path, bytes: full.body.length, expectStatus: full.status, headers: {} }, controller.signal));
  }
  for (const { full, notModified } of entries) {
    const etag = headerOf(full, 'etag');
    if (!notModified || etag === undefined) continue;
    rows.push(await measureRow(runner, options, origins, { label: `${full.path} 304`, path: full.path, bytes: notModified.body.length, expectStatus: 304, headers: { 'If-None-Match': etag }, revalidates: full.path }, controller.signal));
  }

  console.log(`\nContent lists on loopback: requests/s and latency, ${options.connections} connections, ${options.durationS} s per run after ${options.warmupS} s warm-up`);
  console.log(`${machineLine()}, ${siteNote}; gateway = the site's origin, service = content service alone, bare = node:http answering the captured bytes\n`);
  console.log(formatTable(rows));
  const misses = rows.flatMap((row) => goalMisses(row, rows).map((m) => m.text));
  if (misses.length > 0) {
    console.log(`\nbelow the goal (gateway/bare >= ${GOALS.minGatewayRatio}, gateway p99 <= ${GOALS.maxGatewayP99Ms} ms, a 304 faster than its 200):\n  ${misses.join('\n  ')}`);
  }
  const problems = rows.flatMap(rowProblems);
  const status = reportProblems(problems);
  return status !== 0 ? status : options.strict && misses.length > 0 ? 1 : 0;
  },
);
