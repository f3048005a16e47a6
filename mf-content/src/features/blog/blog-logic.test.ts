import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setLang, translator } from '@tca/ui/i18n';
import { adelaideMonth, filterPosts, formatPostDate, resultsText, similarPosts } from './blog-logic.js';
import { blogCatalog } from './messages.js';

const post = (_id: string, date: string, name = _id, desc = '') => ({ _id, date, name, desc });

test('search is case-insensitive on the name or the description; blank shows everything', () => {
  const posts = [post('1', '2025-01-01', 'Pongal Festival', 'Harvest celebration'), post('2', '2025-01-01', 'Tamil classes', 'Weekend SCHOOL for kids'), post('3', '2025-01-01', 'AGM', 'minutes')];
  assert.deepEqual(filterPosts(posts, 'pongal').map((p) => p._id), ['1']);
  assert.deepEqual(filterPosts(posts, 'school').map((p) => p._id), ['2']);
  assert.deepEqual(filterPosts(posts, '  HARVEST ').map((p) => p._id), ['1']);
  assert.deepEqual(filterPosts(posts, 'zzz'), []);
  assert.equal(filterPosts(posts, '   ').length, 3);
});

test('search also matches a post’s Tamil title and body', () => {
  const tamil = { ...post('4', '2025-01-01', 'Pongal Festival', 'Harvest'), ta: { name: 'பொங்கல் விழா', desc: 'அறுவடைத் திருநாள் கொண்டாட்டம்' } };
  const posts = [tamil, post('5', '2025-01-01', 'AGM', 'minutes')];
  assert.deepEqual(filterPosts(posts, 'பொங்கல்').map((p) => p._id), ['4']);
  assert.deepEqual(filterPosts(posts, 'அறுவடை').map((p) => p._id), ['4']);
  assert.deepEqual(filterPosts(posts, 'minutes').map((p) => p._id), ['5']);
});

test('similar posts: same or previous month of the post, newest first, at most 3, never itself', () => {
  const current = post('cur', '2025-03-10T00:00:00Z');
  const posts = [
    current,
    post('mar-late', '2025-03-28T00:00:00Z'),
    post('mar-early', '2025-03-01T00:00:00Z'),
    post('feb', '2025-02-14T00:00:00Z'),
    post('feb-first', '2025-02-01T00:00:00Z'),
    post('jan', '2025-01-31T00:00:00Z'),
    post('apr', '2025-04-01T00:00:00Z'),
  ];
  assert.deepEqual(similarPosts(posts, current).map((p) => p._id), ['mar-late', 'mar-early', 'feb']);
  const february = posts[3];
  assert.ok(february);
  assert.deepEqual(similarPosts(posts, february).map((p) => p._id), ['feb-first', 'jan'], 'February looks back to January');
  const january = post('jan-new', '2025-01-03T00:00:00Z');
  assert.deepEqual(similarPosts([january, post('dec', '2024-12-31T00:00:00Z'), post('nov', '2024-11-30T00:00:00Z')], january).map((p) => p._id), ['dec']);
  assert.deepEqual(similarPosts(posts, post('x', 'bad')), []);
});

test('months are counted in Adelaide time', () => {
  // 15:00 UTC on 31 March is 1 April (01:30) in Adelaide.
  assert.equal(adelaideMonth('2025-03-31T15:00:00Z'), 2025 * 12 + 3);
  assert.equal(adelaideMonth('2025-03-31T10:00:00Z'), 2025 * 12 + 2);
  assert.equal(adelaideMonth('garbage'), null);
  assert.equal(formatPostDate('2025-06-14T02:00:00Z'), '14 June 2025');
  assert.equal(formatPostDate('garbage'), '');
  // In Tamil, the same Adelaide day with Tamil month names (15:00 UTC on 31 March is 1 April there).
  assert.equal(formatPostDate('2025-06-14T02:00:00Z', 'ta'), '14 ஜூன், 2025');
  assert.equal(formatPostDate('2025-03-31T15:00:00Z', 'ta'), '1 ஏப்ரல், 2025');
  assert.equal(formatPostDate('garbage', 'ta'), '');
});


test('the count: the spec’s English, and Tamil with Tamil plurals', async () => {
  const en = translator(blogCatalog);
  assert.equal(resultsText(en, 3, 3, ''), '3 posts');
  assert.equal(resultsText(en, 1, 1, '  '), '1 post');
  assert.equal(resultsText(en, 0, 0, ''), '0 posts');
  assert.equal(resultsText(en, 1, 3, ' pongal '), '1 of 3 posts match “pongal”');
  assert.equal(resultsText(en, 0, 1, 'x'), '0 of 1 post match “x”');
  await setLang('ta', { remember: false });
  try {
    const ta = translator(blogCatalog);
    assert.equal(resultsText(ta, 3, 3, ''), '3 இடுகைகள்');
    assert.equal(resultsText(ta, 1, 1, ''), '1 இடுகை');
    assert.equal(resultsText(ta, 1, 3, 'pongal'), '3 இடுகைகளில் 1 “pongal” உடன் பொருந்துகின்றன');
  } finally {
    await setLang('en', { remember: false });
  }
});
