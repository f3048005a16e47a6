import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { startStack, type RunningStack } from '@tca/stack';
import { appOf } from './script-origin.js';

/**
 * First-load JavaScript of `/` as a visitor's browser fetches it from the composed site: every
 * script response until the home page has rendered and the network is idle, raw and gzip-compressed
 * (level 9, what a CDN would serve), grouped by the app that built it.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');


async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tca-bench-'));
  let stack: RunningStack | undefined;
  let browser: Browser | undefined;
  try {
    // The embedded PostgreSQL runs as the "postgres" user when we are root: it must reach its data folder.
    await chmod(dataDir, 0o755);
    stack = await startStack({ mode: 'start', rootDir, dataDir, gatewayPort: 0, quiet: true });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await browser.newPage();
    const scripts: Array<{ url: URL; raw: number; gzip: number }> = [];
    const pending: Array<Promise<void>> = [];
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.push({ url: new URL(response.url()), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(stack.siteUrl, { waitUntil: 'networkidle' });
    await page.locator('main h1').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const byApp = new Map<string, { files: number; raw: number; gzip: number }>();
    for (const script of scripts) {
      const app = appOf(script.url);
      const sum = byApp.get(app) ?? { files: 0, raw: 0, gzip: 0 };
      sum.files += 1;
      sum.raw += script.raw;
      sum.gzip += script.gzip;
      byApp.set(app, sum);
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`First load of / — ${scripts.length} scripts`);
    console.log('app            files        raw       gzip');
    for (const [app, sum] of [...byApp.entries()].sort()) {
      console.log(`${app.padEnd(14)} ${String(sum.files).padStart(5)} ${kb(sum.raw).padStart(10)} ${kb(sum.gzip).padStart(10)}`);
    }
    const total = scripts.reduce((acc, script) => ({ raw: acc.raw + script.raw, gzip: acc.gzip + script.gzip }), { raw: 0, gzip: 0 });
    console.log(`${'total'.padEnd(14)} ${String(scripts.length).padStart(5)} ${kb(total.raw).padStart(10)} ${kb(total.gzip).padStart(10)}`);
    console.log(`gzip/raw ratio: ${(total.gzip / total.raw).toFixed(3)}`);
  } finally {
    await browser?.close();
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
