import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adelaideYear, bestMonth, CHART, chartLayout, money, monthName, monthShort, yearChoices } from './revenue.js';

const months = (nets: readonly number[]) => nets.map((netCents, i) => ({ month: i + 1, netCents }));

describe('the revenue page', () => {
  it('offers the years newest first, ending with Adelaide’s current year', () => {
    // 14:00 UTC on 31 December 2026 is already 1 January 2027 in Adelaide.
    assert.equal(adelaideYear(Date.parse('2026-12-31T14:00:00Z')), 2027);
    assert.equal(adelaideYear(Date.parse('2026-12-31T13:00:00Z')), 2026);
    assert.deepEqual(yearChoices(2026, 3), [2026, 2025, 2024]);
  });

  it('reads amounts (negative net too) and months', () => {
    assert.equal(money(12050), 'A$120.50');
    assert.equal(money(-8000), '-A$80.00');
    assert.equal(money(0), 'A$0.00');
    assert.equal(monthName(3), 'March');
    assert.equal(monthShort(9), 'Sep');
  });

  it('draws positive bars up from zero and negative ones down from it, scaled to the largest', () => {
    const layout = chartLayout(months([10000, 0, -5000, 5000, 0, 0, 0, 0, 0, 0, 0, 0]));
    const plot = CHART.height - CHART.top - CHART.bottom;
    assert.equal(layout.bars.length, 12);
    // 100 above and 50 below zero: zero sits two thirds down the plot.
    assert.equal(layout.zeroY, CHART.top + (2 / 3) * plot);
    const [jan, feb, mar, apr] = layout.bars;
    assert.ok(jan && feb && mar && apr);
    assert.equal(jan.y, CHART.top);
    assert.equal(jan.y + jan.height, layout.zeroY);
    assert.equal(feb.height, 0);
    assert.equal(mar.negative, true);
    assert.equal(mar.y, layout.zeroY);
    assert.ok(Math.abs(mar.height - jan.height / 2) < 1e-9);
    assert.ok(Math.abs(apr.height - jan.height / 2) < 1e-9);
    assert.ok(layout.bars.every((bar, i) => bar.x > i * (CHART.width / 12) && bar.x + bar.width < (i + 1) * (CHART.width / 12)), 'bars keep to their slot');
  });

  it('draws nothing for an empty year, and names the best month for the summary', () => {
    const layout = chartLayout(months(new Array<number>(12).fill(0)));
    assert.ok(layout.bars.every((bar) => bar.height === 0));
    assert.equal(bestMonth(months([100, 30000, -5, 0, 0, 0, 0, 0, 0, 0, 0, 0])), 'February (A$300.00)');
    assert.equal(bestMonth(months([0, -100])), null);
  });
});
