import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RevenueAnswer, RevenueFigures } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { MemoryRouter } from '@tca/ui/router';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { RevenuePanel, RevenueReport } = await import('./revenue-panel.js');
const { englishWords } = await import('../../../shared/tamil-markup.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/revenue']}>{node}</MemoryRouter>);
const figures = (paidCents: number, refundedCents: number, count: number, refundCount: number): RevenueFigures => ({ paidCents, refundedCents, netCents: paidCents - refundedCents, count, refundCount });

const report: RevenueAnswer = {
  year: 2026,
  currency: 'aud',
  timeZone: 'Australia/Adelaide',
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...(i === 2 ? figures(15000, 0, 3, 0) : i === 3 ? figures(0, 8000, 0, 1) : figures(0, 0, 0, 0)), levels: [] })),
  levels: [{ level: 'Silver-Single', ...figures(15000, 8000, 3, 1) }],
  totals: figures(15000, 8000, 3, 1),
};

test('the revenue report speaks Tamil on a Tamil page: the page, the chart, the tables, amounts and months by Intl', async () => {
  await setLang('ta', { remember: false });
  try {
    const page = render(<RevenuePanel initialYear={2026} />);
    assert.match(page, /<h1[^>]*>வருவாய்<\/h1>/);
    assert.match(page, /><span lang="en">CSV<\/span>-ஐப் பதிவிறக்கு<\/button>/);
    assert.deepEqual(englishWords(page), []);

    const html = render(<RevenueReport report={report} />);
    assert.match(html, /மாதவாரி நிகர வருவாய், 2026/);
    assert.match(html, /அதிக வருவாய் பெற்ற மாதம் மார்ச் \(\$150\.00\)/);
    assert.match(html, /<th scope="row">மார்ச்<\/th>/);
    assert.match(html, /<th scope="row"><span lang="en">Silver-Single<\/span><\/th>/);
    assert.match(html, />-\$80\.00</);
    assert.deepEqual(englishWords(html), []);
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(render(<RevenueReport report={report} />), /<th scope="row">March<\/th>.*A\$150\.00/s);
});
