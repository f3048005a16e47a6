import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what every page of the site must meet. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const BLOCKING = new Set(['serious', 'critical']);

/** One line per violation and one indented line per offending element, so a failure reads on its own. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    - ${n.target.join(' ')}  ${n.html.replace(/\s+/g, ' ').slice(0, 160)}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

export interface AxeCheckOptions {
  /** Restrict the scan to part of the page (CSS selectors). */
  include?: string[];
  /** Leave parts of the page out (CSS selectors); say why where it is used. */
  exclude?: string[];
}

/**
 * Runs axe with the WCAG 2.2 AA tags; fails the test on serious or critical violations with a readable
 * list. The check is soft: the test goes on to check the page's behaviour and fails at its end.
 */
export async function expectNoA11yViolations(page: Page, what: string, options: AxeCheckOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS]);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  // An empty list passes; otherwise the diff shows each violation and where it is, one block each.
  expect.soft(blocking.map((v) => formatViolations([v])), `axe: serious or critical WCAG 2.2 AA violations on ${what}`).toEqual([]);
}
