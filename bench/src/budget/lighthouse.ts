import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LoadAborted } from '../http-load.js';
import type { LighthouseFigures } from './budget-report.js';

/**
 * One Lighthouse run per call: Lighthouse's default config (mobile form factor and screen, simulated
 * throttling), performance category only, in a Chromium of its own launched by chrome-launcher (so
 * Lighthouse's Puppeteer never looks for a browser to download), killed after the run.
 */
export const LIGHTHOUSE_CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const metric = (audits: Record<string, { numericValue?: number } | undefined>, id: string): number => {
  const value = audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id}`);
  return value;
};

export async function runLighthouse(url: string, chromePath: string, signal: AbortSignal): Promise<LighthouseFigures> {
  if (signal.aborted) throw new LoadAborted('aborted');
  // handleSIGINT off: chrome-launcher's own handler would exit the process before the bench stops the site.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: LIGHTHOUSE_CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
  const onAbort = () => chrome.kill();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (signal.aborted) throw new LoadAborted('aborted');
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
    if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
    }
    return {
      score: Math.round(score * 100),
      fcp: metric(lhr.audits, 'first-contentful-paint'),
      lcp: metric(lhr.audits, 'largest-contentful-paint'),
      tbt: metric(lhr.audits, 'total-blocking-time'),
      cls: metric(lhr.audits, 'cumulative-layout-shift'),
      speedIndex: metric(lhr.audits, 'speed-index'),
    };
  } finally {
    signal.removeEventListener('abort', onAbort);
    chrome.kill();
  }
}
