import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuditEntry, AuditPageAnswer } from '@tca/contracts';
import { actionLabel, addPage, checkFilters, hasOlder, NO_FILTERS, pageQuery, shownEntries, sourcesToLoad, startFeed, whatOptions, type AuditFeed, type AuditSource } from './audit-feed.js';

function entry(id: number, minute: number, actor = 'owner@example.org'): AuditEntry {
  return { id: String(id), at: new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString(), actorUserId: null, actorEmail: actor, action: 'x', target: null, summary: `#${id}`, ip: null };
}

function page(entries: AuditEntry[], nextBefore: string | null): AuditPageAnswer {
  return { entries, nextBefore };
}

const shown = (feed: AuditFeed) => shownEntries(feed).map((e) => `${e.source[0]}${e.id}`);

/** The sources, written at these minutes (ids in order); pages of `size` as the services send them. */
function server(minutes: Record<AuditSource, number[]>, size: number) {
  const logs = {
    identity: minutes.identity.map((minute, i) => entry(i + 1, minute)).reverse(),
    content: minutes.content.map((minute, i) => entry(i + 1, minute)).reverse(),
    payments: minutes.payments.map((minute, i) => entry(i + 1, minute)).reverse(),
  };
  return (source: AuditSource, before: string | null): AuditPageAnswer => {
    const older = logs[source].filter((e) => before === null || before === '' || Number(e.id) < Number(before));
    const entries = older.slice(0, size);
    return page(entries, entries.length === size ? (entries.at(-1)?.id ?? null) : null);
  };
}

describe('the merged audit feed', () => {
  it('shows both sources newest first, only down to where both are loaded; Show older asks the source that ran out', () => {
    let feed = startFeed(NO_FILTERS);
    assert.deepEqual(Object.keys(feed), ['identity', 'content', 'payments']);
    assert.deepEqual(shown(feed), [], 'nothing before the first pages');
    feed = addPage(feed, 'payments', page([], null));
    feed = addPage(feed, 'identity', page([entry(9, 50), entry(8, 40), entry(7, 30)], '7'));
    assert.deepEqual(shown(feed), [], 'content could still have newer entries');
    feed = addPage(feed, 'content', page([entry(5, 45), entry(4, 10), entry(3, 5)], '3'));
    // identity's oldest loaded (30) is newer than content's (5): content's 10 and 5 wait.
    assert.deepEqual(shown(feed), ['i9', 'c5', 'i8', 'i7']);
    assert.deepEqual(sourcesToLoad(feed), ['identity']);
    assert.equal(hasOlder(feed), true);
    feed = addPage(feed, 'identity', page([entry(6, 20), entry(5, 1)], null));
    assert.deepEqual(shown(feed), ['i9', 'c5', 'i8', 'i7', 'i6', 'c4', 'c3']);
    assert.deepEqual(sourcesToLoad(feed), ['content']);
    feed = addPage(feed, 'content', page([entry(2, 2), entry(1, 0)], null));
    assert.deepEqual(shown(feed), ['i9', 'c5', 'i8', 'i7', 'i6', 'c4', 'c3', 'c2', 'i5', 'c1']);
    assert.equal(hasOlder(feed), false);
    assert.deepEqual(sourcesToLoad(feed), []);
  });

  it('paging through the three logs shows every entry exactly once, in time order', () => {
    for (const size of [1, 2, 3, 7]) {
      const ask = server({ identity: [0, 3, 4, 9, 10, 11, 30, 31, 32, 33], content: [1, 2, 5, 6, 7, 8, 12, 40], payments: [13, 14, 41] }, size);
      let feed = startFeed(NO_FILTERS);
      for (const source of ['identity', 'content', 'payments'] as const) feed = addPage(feed, source, ask(source, feed[source]?.nextBefore ?? null));
      let rounds = 0;
      while (hasOlder(feed) && rounds < 50) {
        rounds += 1;
        const next = sourcesToLoad(feed);
        assert.ok(next.length > 0, `size ${size}: Show older has something to ask`);
        for (const source of next) feed = addPage(feed, source, ask(source, feed[source]?.nextBefore ?? null));
        const times = shownEntries(feed).map((e) => Date.parse(e.at));
        assert.deepEqual(times, [...times].sort((a, b) => b - a), `size ${size}: newest first at every step`);
      }
      assert.equal(shownEntries(feed).length, 21, `size ${size}: every entry`);
      assert.equal(new Set(shownEntries(feed).map((e) => `${e.source}${e.id}`)).size, 21);
    }
  });

  it('one area or one action asks only that service, with the filters in its query', () => {
    const filters = { actor: ' Owner@Example.org ', what: 'content:post_created', from: '2026-03-01', to: '2026-03-02' };
    const feed = startFeed(filters);
    assert.deepEqual(Object.keys(feed), ['content']);
    assert.equal(pageQuery('content', filters, feed), 'action=post_created&actor=Owner%40Example.org&from=2026-03-01&to=2026-03-02&limit=25');
    const area = { ...NO_FILTERS, what: 'area:identity' };
    assert.deepEqual(Object.keys(startFeed(area)), ['identity']);
    assert.equal(pageQuery('identity', area, addPage(startFeed(area), 'identity', page([entry(4, 1)], '4'))), 'before=4&limit=25');
    assert.deepEqual(Object.keys(startFeed({ ...NO_FILTERS, what: 'identity:no_such_action' })), ['identity', 'content', 'payments'], 'an unknown choice asks everything');
    assert.deepEqual(Object.keys(startFeed({ ...NO_FILTERS, what: 'payments:order_refunded' })), ['payments']);
  });

  it('checks the filters with the services’ rules', () => {
    assert.deepEqual(checkFilters(NO_FILTERS), { ok: true });
    assert.deepEqual(checkFilters({ ...NO_FILTERS, from: '2026-03-02', to: '2026-03-01' }), { ok: false, errors: { to: 'The "to" day must not be before the "from" day' } });
    assert.deepEqual(checkFilters({ ...NO_FILTERS, from: '2026-02-30' }), { ok: false, errors: { from: 'From must be a day written YYYY-MM-DD' } });
  });

  it('labels actions and offers each area and its actions', () => {
    assert.equal(actionLabel('post_cover_changed'), 'Post cover changed');
    assert.equal(actionLabel('sign_in'), 'Signed in');
    const [identity, content] = whatOptions();
    assert.equal(identity?.options[0]?.value, 'area:identity');
    assert.ok(identity?.options.some((option) => option.value === 'identity:queue_job_retried'));
    assert.ok(content?.options.some((option) => option.value === 'content:post_deleted'));
  });
});
