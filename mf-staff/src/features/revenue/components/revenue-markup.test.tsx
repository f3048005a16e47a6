import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RevenueAnswer, RevenueFigures } from '@tca/contracts';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { RevenuePanel, RevenueReport } = await import('./revenue-panel.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/revenue']}>{node}</MemoryRouter>);
const figures = (paidCents: number, refundedCents: number, count: number, refundCount: number): RevenueFigures => ({ paidCents, refundedCents, netCents: paidCents - refundedCents, count, refundCount });
const zero = figures(0, 0, 0, 0);

const report: RevenueAnswer = {
  year: 2026,
  currency: 'aud',
  timeZone: 'Australia/Adelaide',
  months: Array.from({ length: 12 }, (_, i) => {
    if (i === 2) return { month: 3, ...figures(15000, 0, 3, 0), levels: [{ level: 'Silver-Single', ...figures(15000, 0, 3, 0) }] };
    if (i === 3) return { month: 4, ...figures(0, 8000, 0, 1), levels: [{ level: 'Silver-Family', ...figures(0, 8000, 0, 1) }] };
    return { month: i + 1, ...zero, levels: [] };
  }),
  levels: [
    { level: 'Silver-Single', ...figures(15000, 0, 3, 0) },
    { level: 'Silver-Family', ...figures(0, 8000, 0, 1) },
  ],
  totals: figures(15000, 8000, 3, 1),
};

test('the page: title, a labelled year picker of recent years, Download CSV, the report loading', () => {
  const html = render(<RevenuePanel initialYear={2026} />);
  assert.match(html, /<h1[^>]*>Revenue<\/h1>/);
  assert.match(html, /<label for="([^"]+)"[^>]*>Year[^<]*<.*<select[^>]*id="\1"/);
  assert.match(html, /<option value="2026" selected="">2026<\/option><option value="2025">2025<\/option>/);
  assert.match(html, /<button type="button"[^>]*>Download CSV<\/button>/);
  assert.match(html, /role="status"/);
  assert.match(html, /Loading the revenue\.\.\./);
});

test('the report: a chart with a text alternative, the same numbers per month and per level in real tables', () => {
  const html = render(<RevenueReport report={report} />);
  assert.match(html, /<figcaption id="(revenue-chart-title-2026)"[^>]*>Net revenue per month, 2026<\/figcaption><svg[^>]*role="img" aria-labelledby="\1" aria-describedby="revenue-chart-desc-2026"/);
  assert.match(html, /<desc id="revenue-chart-desc-2026">Bar chart of net revenue \(paid less refunded\) for each month of 2026; A\$70\.00 in all\. The highest month is March \(A\$150\.00\)\. The same numbers are in the table below\.<\/desc>/);
  assert.equal((html.match(/<rect /g) ?? []).length, 12);
  assert.match(html, /<title>April: -A\$80\.00<\/title>/);
  assert.match(html, /<caption id="revenue-months">Per month, 2026<\/caption>/);
  assert.match(html, /<th scope="row">March<\/th><td data-label="Paid orders"[^>]*>3<\/td><td data-label="Paid"[^>]*>A\$150\.00<\/td>/);
  assert.match(html, /<tfoot><tr><th scope="row">Total<\/th><td[^>]*>3<\/td><td[^>]*>A\$150\.00<\/td><td[^>]*>1<\/td><td[^>]*>A\$80\.00<\/td><td[^>]*>A\$70\.00<\/td>/);
  assert.match(html, /<caption id="revenue-levels">Per level, 2026<\/caption>/);
  assert.match(html, /<th scope="row">Silver-Family<\/th>.*?<td data-label="Net"[^>]*>-A\$80\.00<\/td>/);
  assert.equal((html.match(/<th scope="row">/g) ?? []).length, 12 + 1 + 2 + 1, 'twelve months and two levels, each table with its total');
});

test('a year with nothing says so instead of an empty chart', () => {
  const empty: RevenueAnswer = { ...report, months: report.months.map((m) => ({ ...m, ...zero, levels: [] })), levels: [], totals: zero };
  const html = render(<RevenueReport report={empty} />);
  assert.doesNotMatch(html, /<svg/);
  assert.match(html, /No payments or refunds in 2026\./);
  assert.match(html, /No level sold anything this year\./);
});
