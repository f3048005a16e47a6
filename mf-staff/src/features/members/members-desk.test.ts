import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEMBER_SEARCH_SHORT_MESSAGE } from '@tca/contracts';
import { deskSearchOf, deskStateOf, facetCounts, filterErrors, historyText, membersQueryString, membersRangeText, NO_FILTER, orderStateText, periodText } from './members-desk.js';

describe('members desk: the search', () => {
  it('sends only what is set, trimmed, and the page after the first', () => {
    assert.equal(membersQueryString(NO_FILTER), '');
    assert.equal(
      membersQueryString({ q: '  மீனா ', level: 'Silver-Single', status: 'Active', endsWithinDays: ' 30 ', page: 2 }),
      `?q=${encodeURIComponent('மீனா').replace(/%20/g, '+')}&level=Silver-Single&status=Active&endsWithinDays=30&page=2`,
    );
  });

  it('refuses a short search and a bad number of days with the server’s messages; accepts the rest', () => {
    assert.deepEqual(filterErrors({ ...NO_FILTER, q: ' ab ' }), { q: MEMBER_SEARCH_SHORT_MESSAGE });
    assert.deepEqual(filterErrors({ ...NO_FILTER, endsWithinDays: '0' }), { endsWithinDays: 'Ends within: a whole number of days from 1 to 3650' });
    assert.deepEqual(filterErrors({ ...NO_FILTER, endsWithinDays: '3.5' }), { endsWithinDays: 'Ends within: a whole number of days from 1 to 3650' });
    assert.deepEqual(filterErrors({ ...NO_FILTER, q: 'ann', endsWithinDays: '30' }), {});
    assert.deepEqual(filterErrors(NO_FILTER), {});
  });

  it('keeps the view and search in the address and reads them back', () => {
    const filter = { q: 'kavya', level: 'Gold-Single', status: '', endsWithinDays: '', page: 3 };
    assert.deepEqual(deskStateOf(new URLSearchParams(deskSearchOf('find', filter))), { view: 'find', filter });
    assert.deepEqual(deskStateOf(new URLSearchParams(deskSearchOf('requests', filter))), { view: 'requests', filter: NO_FILTER });
    assert.equal(deskStateOf(new URLSearchParams('page=-4')).filter.page, 1);
  });

  it('says the range, lists every facet choice, names files and periods', () => {
    assert.equal(membersRangeText({ total: 61, page: 2, pageSize: 25, members: new Array(25) }), 'Memberships 26–50 of 61');
    assert.equal(membersRangeText({ total: 0, page: 1, pageSize: 25, members: [] }), 'No membership matches.');
    assert.deepEqual(facetCounts({ Active: 3 }, ['Active', 'Pending']), [
      { name: 'Active', count: 3 },
      { name: 'Pending', count: 0 },
    ]);
    assert.equal(periodText({ term: 'annual', startsOn: '2026-03-08', endsOn: '2027-03-08' }), '8 Mar 2026 – 8 Mar 2027');
    assert.equal(periodText({ term: 'life-time', startsOn: null, endsOn: null }), 'Life-time');
    assert.equal(orderStateText({ status: 'paid', paidAt: '2026-11-28T00:31:00Z', createdAt: '2026-11-28T00:30:00Z' }), 'Paid 28 Nov 2026, 11:01 am.');
    assert.equal(orderStateText({ status: 'refunded', paidAt: '2026-11-28T00:31:00Z', createdAt: '2026-11-28T00:30:00Z' }), 'Refunded (paid 28 Nov 2026, 11:01 am).');
    assert.equal(orderStateText({ status: 'open', paidAt: null, createdAt: '2026-11-28T00:30:00Z' }), 'Open since 28 Nov 2026, 11:00 am.');
    assert.equal(historyText({ at: '', fromStatus: null, toStatus: 'Pending', event: 'requested', by: null, reason: null }), 'Requested (Pending)');
    assert.equal(
      historyText({ at: '', fromStatus: 'Pending', toStatus: 'Rejected', event: 'rejected', by: 'o@example.org', reason: 'No proof.' }),
      'Pending → Rejected (rejected by o@example.org): No proof.',
    );
  });
});
