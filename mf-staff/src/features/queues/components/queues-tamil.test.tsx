import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { QUEUE_JOB_STATE_LABELS, QUEUE_LABELS, type QueueJob } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();
const { FailedJobList } = await import('./failed-jobs.js');
const { queueLabel, stateLabel } = await import('../queue-text.js');
const { englishWords } = await import('../../../shared/english-words.js');

const job: QueueJob = {
  id: 'password-reset-1',
  name: 'password-reset',
  state: 'failed',
  createdAt: '2026-03-01T13:00:00.000Z',
  processedAt: '2026-03-01T13:00:01.000Z',
  finishedAt: '2026-03-01T13:00:02.000Z',
  attemptsMade: 5,
  attempts: 5,
  failedReason: 'SMTP refused the message',
  data: { to: 'meera@example.org', subject: 'Reset your password', reply: null },
  hiddenFields: ['text', 'html'],
};
const noop = () => undefined;

test('the queues’ and states’ English names are the contract’s', () => {
  for (const [queue, label] of Object.entries(QUEUE_LABELS)) assert.equal(queueLabel(queue as keyof typeof QUEUE_LABELS), label);
  for (const [state, label] of Object.entries(QUEUE_JOB_STATE_LABELS)) assert.equal(stateLabel(state as keyof typeof QUEUE_JOB_STATE_LABELS), label);
});

test('a failed job in Tamil: the job’s own words marked English, the buttons named by them and their Tamil words', async () => {
  await setLang('ta', { remember: false });
  try {
    const html = renderToStaticMarkup(<FailedJobList jobs={[job]} canManage busy={false} onRetry={noop} onRemove={noop} />);
    assert.match(html, /5 முறைகளில் 5 முறை முயலப்பட்டது/);
    assert.match(html, /காட்டப்படவில்லை \(ரகசியம் இருக்கலாம்\): <span lang="en">text, html<\/span>/);
    assert.match(html, /<dl class="[^"]*" lang="en"><div><dt>to<\/dt>.*<dd>\(இல்லை\)<\/dd>/);
    assert.match(html, /<p class="[^"]*" id="([^"]+)-name" lang="en">password-reset<\/p>.*aria-labelledby="\1-name \1-id \1-retry">மீண்டும் இயக்கு<\/button>/);
    assert.doesNotMatch(html, /aria-label=/);
    assert.deepEqual(englishWords(html), []);
    assert.equal(queueLabel('email'), 'மின்னஞ்சல்கள்');
  } finally {
    await setLang('en', { remember: false });
  }
});
