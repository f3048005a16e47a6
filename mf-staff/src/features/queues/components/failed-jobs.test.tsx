import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import type { QueueJob } from '@tca/contracts';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();
const { FailedJobList } = await import('./failed-jobs.js');

const job: QueueJob = {
  id: 'password-reset-1',
  name: 'password-reset',
  state: 'failed',
  createdAt: '2026-03-01T13:00:00.000Z',
  processedAt: '2026-03-01T13:00:01.000Z',
  finishedAt: '2026-03-01T13:00:02.000Z',
  attemptsMade: 5,
  attempts: 5,
  failedReason: 'SMTP refused the message: (link hidden)',
  data: { to: 'meera@example.org', subject: 'Reset your password' },
  hiddenFields: ['text', 'html'],
};
const noop = () => undefined;

test('a failed job shows what, when, how often, why and the safe data; Retry and Remove only for owners', () => {
  const owner = renderToStaticMarkup(<FailedJobList jobs={[job]} canManage busy={false} onRetry={noop} onRemove={noop} />);
  assert.match(owner, /password-reset/);
  assert.match(owner, /Failed 1 Mar 2026, 11:30:02 pm · Tried 5 of 5 times/);
  assert.match(owner, /SMTP refused the message: \(link hidden\)/);
  assert.match(owner, /<dt>to<\/dt><dd>meera@example.org<\/dd>/);
  assert.match(owner, /Not shown \(may hold a secret\): text, html/);
  assert.match(owner, /aria-label="Retry password-reset \(job password-reset-1\)"[^>]*>Retry<\/button>/);
  assert.match(owner, />Remove<\/button>/);

  const reader = renderToStaticMarkup(<FailedJobList jobs={[job]} canManage={false} busy={false} onRetry={noop} onRemove={noop} />);
  assert.match(reader, /SMTP refused the message/);
  assert.doesNotMatch(reader, /<button/);
  assert.match(renderToStaticMarkup(<FailedJobList jobs={[]} canManage busy={false} onRetry={noop} onRemove={noop} />), /No failed jobs any more/);
});
