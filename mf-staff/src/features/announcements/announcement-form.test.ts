import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkCompose, countsText, emptyCompose, segmentOf } from './announcement-form.js';

test('the segment the form describes: all Active, a level, or ending within 1–366 whole days', () => {
  const draft = emptyCompose();
  assert.deepEqual(segmentOf(draft), { kind: 'all-active' });
  assert.deepEqual(segmentOf({ ...draft, kind: 'level', level: 'Gold-Family' }), { kind: 'level', level: 'Gold-Family' });
  assert.deepEqual(segmentOf({ ...draft, kind: 'ending-within', days: ' 30 ' }), { kind: 'ending-within', days: 30 });
  for (const days of ['0', '367', '2.5', '', 'ten', '-3']) assert.equal(segmentOf({ ...draft, kind: 'ending-within', days }), undefined, days);
});

test('checkCompose: the contract\'s messages per field; a valid draft is the request', () => {
  const empty = checkCompose(emptyCompose());
  assert.deepEqual(empty, { ok: false, errors: { subject: 'Subject is required', body: 'Message is required' } });
  const badDays = checkCompose({ ...emptyCompose(), subject: 'Pongal', body: 'Come', kind: 'ending-within', days: '0' });
  assert.deepEqual(badDays, { ok: false, errors: { segment: 'Days must be a whole number from 1 to 366' } });
  assert.deepEqual(checkCompose({ ...emptyCompose(), subject: ' Pongal ', body: 'Come **all**', kind: 'level', level: 'Silver-Single' }), {
    ok: true,
    request: { subject: 'Pongal', body: 'Come **all**', segment: { kind: 'level', level: 'Silver-Single' } },
  });
});

test('countsText names unsubscribed-before-their-turn only when there are some', () => {
  assert.equal(countsText({ delivered: 10, failed: 1, queued: 2, skipped: 0 }), '10 delivered, 1 failed, 2 queued');
  assert.equal(countsText({ delivered: 10, failed: 0, queued: 0, skipped: 3 }), '10 delivered, 0 failed, 0 queued, 3 unsubscribed before their turn');
});
