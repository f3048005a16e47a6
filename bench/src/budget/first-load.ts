import { gzipSync } from 'node:zlib';
import type { BrowserContextOptions, Page, Request, Response } from '@playwright/test';

/**
 * The one measurement of first-load JavaScript, shared by `npm run bench:budget` and the browser
 * test that holds the pages to their budget (e2e/tests/first-load-budget.spec.ts): every script
 * response the browser fetched from the navigation until the page has rendered (its `main h1` is
 * visible) and the network has been quiet, counted in bytes only (each body gzip-compressed at level
 * 9, what a CDN would serve), so the figure does not depend on the machine's speed.
 */

/** The browser context every measurement runs in (a new one per page: nothing cached, no service worker). */
export const FIRST_LOAD_CONTEXT: BrowserContextOptions = {
  viewport: { width: 1280, height: 720 },
  serviceWorkers: 'block',
};

/** The five pages whose first load is measured and budgeted (/profile needs a logged-in member). */
export const FIRST_LOAD_PAGES = ['/', '/blog', '/membership', '/login', '/profile'] as const;
export type FirstLoadPage = (typeof FIRST_LOAD_PAGES)[number];

export interface ScriptSize {
  url: string;
  raw: number;
  gzip: number;
}

export interface FirstLoad {
  /** The path that was opened, e.g. "/blog". */
  path: string;
  /** Sum of the scripts' gzip sizes (level 9), bytes. */
  gzip: number;
  /** Sum of the scripts' sizes as served, bytes. */
  raw: number;
  /** Every script response, largest (gzip) first. */
  scripts: ScriptSize[];
  /** Script requests the page made (normally one per script response). */
  scriptRequests: number;
  /** Every request the page made, of any kind. */
  requests: number;
  /** Requests that failed (e.g. aborted by the page), and scripts whose body could not be read. */
  failures: FailedRequest[];
}

export interface FailedRequest {
  url: string;
  /** Playwright's resource type: "script", "fetch", "image", ... */
  type: string;
  error: string;
}

export interface MeasureOptions {
  /** What shows the page has rendered (default `main h1`). */
  readySelector?: string;
  /** How long the network must be quiet after the page has rendered (default 500 ms). */
  quietMs?: number;
  /** Limit for the whole measurement (default 60 s). */
  timeoutMs?: number;
}

const gzipSize = (body: Buffer): number => gzipSync(body, { level: 9 }).length;

/**
 * Opens `origin + path` in `page` (a fresh context, see FIRST_LOAD_CONTEXT) and measures its first
 * load. Throws when the page does not render, ends on another path (e.g. /profile sending a visitor
 * without a session to /login), or the network never goes quiet.
 */
export async function measureFirstLoad(page: Page, origin: string, path: string, options: MeasureOptions = {}): Promise<FirstLoad> {
  const readySelector = options.readySelector ?? 'main h1';
  const quietMs = options.quietMs ?? 500;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);

  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  let requests = 0;
  let scriptRequests = 0;
  const failures: FailedRequest[] = [];
  const bodies: Array<Promise<ScriptSize | undefined>> = [];

  const onRequest = (request: Request) => {
    requests += 1;
    if (request.resourceType() === 'script') scriptRequests += 1;
    inFlight.add(request);
    lastActivity = Date.now();
  };
  const onDone = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  const onFailed = (request: Request) => {
    onDone(request);
    failures.push({ url: request.url(), type: request.resourceType(), error: request.failure()?.errorText ?? 'failed' });
  };
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.body().then(
        (body) => ({ url: response.url(), raw: body.length, gzip: gzipSize(body) }),
        (err: Error) => {
          failures.push({ url: response.url(), type: 'script', error: `its body could not be read (${err.message.split('\n')[0]})` });
          return undefined;
        },
      ),
    );
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
    const url = new URL(path, origin);
    await page.goto(url.href, { waitUntil: 'load', timeout: Math.max(1, deadline - Date.now()) });
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: Math.max(1, deadline - Date.now()) });
    // Playwright's own 'networkidle' may already have fired during the page's loader: watch the requests instead.
    while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) {
        throw new Error(`${path}: the network did not go quiet; still loading ${[...inFlight].map((r) => r.url()).join(', ')}`);
      }
      await page.waitForTimeout(50);
    }
    const landed = new URL(page.url()).pathname;
    if (landed !== url.pathname) throw new Error(`${path}: the page went to ${landed} instead of rendering.`);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
  }
  const scripts = (await Promise.all(bodies)).filter((s): s is ScriptSize => s !== undefined).sort((a, b) => b.gzip - a.gzip || a.url.localeCompare(b.url));
  return {
    path,
    gzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    raw: scripts.reduce((sum, s) => sum + s.raw, 0),
    scripts,
    scriptRequests,
    requests,
    failures,
  };
}
