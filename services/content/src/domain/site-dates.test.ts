import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, instantToSite, isCalendarDate, resolveDate, siteTimeToInstant, siteToday } from './site-dates.js';

describe('site dates (Australia/Adelaide)', () => {
  it('takes "today" from the Adelaide calendar, not UTC', () => {
    // 2026-01-10 14:00 UTC is 00:30 on the 11th in Adelaide (ACDT, +10:30).
    assert.equal(siteToday(new Date('2026-01-10T14:00:00Z')), '2026-01-11');
    assert.equal(siteToday(new Date('2026-01-10T13:00:00Z')), '2026-01-10');
    // Winter (ACST, +09:30): 14:00 UTC is 23:30 the same day.
    assert.equal(siteToday(new Date('2026-07-10T14:00:00Z')), '2026-07-10');
  });

  it('resolves absolute and relative dates and rejects the rest', () => {
    assert.equal(resolveDate('2026-02-28', '2026-01-01'), '2026-02-28');
    assert.equal(resolveDate('today', '2026-02-27'), '2026-02-27');
    assert.equal(resolveDate('today+3', '2026-02-27'), '2026-03-02');
    assert.equal(resolveDate('today-60', '2026-02-27'), '2025-12-29');
    assert.equal(resolveDate('2026-02-30', '2026-01-01'), undefined);
    assert.equal(resolveDate('tomorrow', '2026-01-01'), undefined);
    assert.equal(resolveDate('27/02/2026', '2026-01-01'), undefined);
    assert.equal(isCalendarDate('2024-02-29'), true);
    assert.equal(addDays('2024-12-31', 1), '2025-01-01');
  });

  it('converts Adelaide wall-clock times to instants on both sides of daylight saving', () => {
    assert.equal(siteTimeToInstant('2026-01-15', '18:30').toISOString(), '2026-01-15T08:00:00.000Z');
    assert.equal(siteTimeToInstant('2026-07-15', '18:30').toISOString(), '2026-07-15T09:00:00.000Z');
    assert.deepEqual(instantToSite(new Date('2026-07-15T09:00:00Z')), { date: '2026-07-15', time: '18:30:00' });
  });
});
