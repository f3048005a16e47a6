import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attemptsText, dataLines, jobTime } from './queue-text.js';

describe('queue job texts', () => {
  it('times in Adelaide, attempts, the shown data and the hidden fields by name', () => {
    assert.equal(jobTime(null), '—');
    assert.match(jobTime('2026-03-01T13:31:00.000Z'), /2 Mar 2026.*12:01:00/);
    assert.equal(attemptsText({ attemptsMade: 1, attempts: 1 }), 'Tried 1 of 1 time');
    assert.equal(attemptsText({ attemptsMade: 2, attempts: 5 }), 'Tried 2 of 5 times');
    assert.deepEqual(dataLines({ data: { to: 'a@example.org', retries: 2, reply: null }, hiddenFields: ['text', 'html'] }), {
      shown: [
        ['to', 'a@example.org'],
        ['retries', '2'],
        ['reply', '(none)'],
      ],
      hidden: 'text, html',
    });
    assert.equal(dataLines({ data: {}, hiddenFields: [] }).hidden, null);
  });
});
