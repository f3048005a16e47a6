import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { QUEUES, queueJobsAnswerSchema, staffPostAnswerSchema } from '@tca/contracts';
import { dismissToasts } from '../support/account.js';
import { expectNoA11yViolations } from '../support/axe.js';
import { expect, pageTitle, siteUrl, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';

/**
 * The owner's audit log and the queues dashboard (issue 14). A support-tickets job the site's worker refuses
 * (its data breaks the job contract) fails for real; an editor writes and deletes a draft post through the
 * API. The editor sees the failed job on /staff/queues read-only (no Retry or Remove); the owner sees it with
 * its reason and removes it (confirmed in the dialog); then the owner's /staff/audit shows entries of both
 * services (the removal from identity, the post from content), newest first, and filters them by actor.
 * Axe and screenshots at 1280 and 375 px of each page (E2E_SHOTS_DIR).
 */

function stackQueue(name: string): Queue {
  const url = new URL(process.env.E2E_STACK_REDIS_URL ?? '');
  if (!url.hostname) throw new Error("E2E_STACK_REDIS_URL is not set: the global setup exports the site's Redis URL");
  return new Queue(name, { connection: { host: url.hostname, port: Number(url.port || 6379), db: Number(url.pathname.slice(1) || 0) } });
}

test("queues: the editor reads, the owner removes a failed job; the owner's audit log merges both services and filters by actor", async ({ page, request, browser }) => {
  // The staff accounts are the run's (set up here when this spec runs first: the CLI takes its time; on a
  // loaded machine set-up and the axe scans took over three minutes, about one alone).
  test.setTimeout(300_000);
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  const [owner, editor] = await Promise.all([signedInStaff(page, request, 'owner'), signedInStaff(editorPage, request, 'editor')]);
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  // A job the tickets worker refuses at once (invalid data: no retries).
  const jobId = `e2e-refused-${randomUUID()}`;
  const queue = stackQueue(QUEUES.supportTickets);
  try {
    await queue.add('ticket-submitted', { ticketUid: 'not-a-uuid', reference: 'not-a-reference' }, { jobId });
  } finally {
    await queue.close();
  }
  await expect
    .poll(async () => {
      const res = await request.get(`${siteUrl()}/staff-api/queues/support-tickets/jobs?state=failed&limit=50`, { headers: auth(owner.login.token) });
      return queueJobsAnswerSchema.parse(await res.json()).jobs.some((job) => job.id === jobId);
    }, { timeout: 20_000 })
    .toBe(true);

  // Content's audit: the editor writes a draft and deletes it.
  const title = `Audit check ${Date.now()}`;
  const created = await request.post(`${siteUrl()}/staff-api/content/posts`, { headers: auth(editor.login.token), data: { title, date: '2099-01-02', body: 'A draft.', status: 'draft' } });
  expect(created.status(), await created.text()).toBe(201);
  const { post } = staffPostAnswerSchema.parse(await created.json());
  const deleted = await request.delete(`${siteUrl()}/staff-api/content/posts/${encodeURIComponent(post.key)}?version=${post.version}`, { headers: auth(editor.login.token) });
  expect(deleted.status(), await deleted.text()).toBe(200);

  // The editor: the queues card on the home; the failed job without Retry or Remove.
  await editorPage.goto('/staff');
  await editorPage.getByRole('link', { name: /Queues/ }).click();
  await expect(pageTitle(editorPage)).toHaveText('Queues');
  await expect(editorPage.getByText('Only an owner can retry or remove a failed job.')).toBeVisible();
  const editorFailed = editorPage.getByRole('region', { name: /Failed: Support tickets/ });
  await expect(editorFailed.getByText(`Job ${jobId}`)).toBeVisible();
  await expect(editorFailed.getByRole('button')).toHaveCount(0);
  await expect(editorPage.getByRole('link', { name: /Audit log/ })).toHaveCount(0);
  await expectNoA11yViolations(editorPage, '/staff/queues (editor)');
  await shootBothWidths(editorPage, 'queues-1-editor');
  await editorContext.close();

  // The owner: the counts, the failed job with its reason, Remove confirmed in the dialog.
  await page.goto('/staff');
  await page.getByRole('link', { name: /Queues/ }).click();
  await expect(pageTitle(page)).toHaveText('Queues');
  await expect(page.getByRole('table', { name: 'Jobs per queue and state' }).getByRole('row', { name: /Support tickets/ })).toBeVisible();
  const failed = page.getByRole('listitem').filter({ hasText: `Job ${jobId}` });
  await expect(failed.getByText(/invalid support-tickets job/)).toBeVisible();
  await expectNoA11yViolations(page, '/staff/queues (owner)');
  await shootBothWidths(page, 'queues-2-owner');
  await failed.getByRole('button', { name: /^Remove/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this failed job?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove the job' }).click();
  await expect(page.getByText('The job is removed.')).toBeVisible();
  await expect(page.getByText(`Job ${jobId}`)).toHaveCount(0);
  await dismissToasts(page);

  // The owner's audit log: both services' entries, newest first.
  await page.getByRole('link', { name: 'Back to the staff area' }).click();
  await page.getByRole('link', { name: /Audit log/ }).click();
  await expect(pageTitle(page)).toHaveText('Audit log');
  const rows = page.getByRole('table', { name: 'Audit entries, newest first' }).getByRole('row');
  const removal = rows.filter({ hasText: 'Failed job removed' }).filter({ hasText: `support-tickets/${jobId}` });
  await expect(removal).toHaveCount(1);
  await expect(removal.getByRole('cell').nth(1)).toHaveText(owner.account.email);
  await expect(removal).toContainText('Staff and sign-in');
  const postRows = rows.filter({ hasText: `post:${post.key}` });
  await expect(postRows.filter({ hasText: 'Post deleted' })).toContainText(editor.account.email);
  await expect(postRows.filter({ hasText: 'Post created' })).toContainText('Site content');
  // Newest first across the two services: the removal (last) above the post's deletion above its creation.
  const order = await rows.allTextContents();
  const at = (text: string) => order.findIndex((row) => row.includes(text));
  expect(at(`support-tickets/${jobId}`)).toBeLessThan(at('Post deleted'));
  expect(at('Post deleted')).toBeLessThan(at('Post created'));
  await expectNoA11yViolations(page, '/staff/audit');
  await shootBothWidths(page, 'audit-1-all');

  // Filtered by the editor's e-mail: only the editor's entries.
  await page.getByRole('textbox', { name: 'Who (e-mail)' }).fill(editor.account.email.toUpperCase());
  await page.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByRole('heading', { name: /entries? (so far )?matching the filters/ })).toBeVisible();
  await expect(rows.filter({ hasText: 'Failed job removed' })).toHaveCount(0);
  await expect(rows.filter({ hasText: `post:${post.key}` })).toHaveCount(2);
  const who = await page.locator('tbody td[data-label="Who"]').allTextContents();
  expect(who.length).toBeGreaterThan(0);
  expect(new Set(who)).toEqual(new Set([editor.account.email]));
  await expectNoA11yViolations(page, '/staff/audit filtered');
  await shootBothWidths(page, 'audit-2-filtered');
});
