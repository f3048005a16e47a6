import { paths, type PageId } from '@tca/contracts';
import { expect, footer, header, pageTitle, test } from '../support/fixtures.js';

/** Each page's heading, as its remote renders it. */
/** /confirmation and /profile redirect when opened without their state: they have tests of their own below. */
const TITLES: Record<Exclude<PageId, 'profile' | 'confirmation'>, string> = {
  home: 'Adelaide Tamil Association',
  about: 'The Adelaide Story',
  team: 'Our Team',
  events: 'Events',
  // One event's own page (issue 17); no event has id 42.
  event: 'Event not found',
  gallery: 'Gallery',
  blog: 'Blog',
  blogPost: 'Blog Post',
  contact: 'Get in Touch',
  raiseTicket: 'Raise a Ticket',
  tamilSchools: 'Tamil Schools',
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  membership: 'Membership',
  forms: 'Member Details',
  success: 'Payment',
  cancel: 'Payment Cancelled!',
  payment: 'Checkout',
  login: 'Login',
  register: 'Create an Account',
  resetPassword: 'Reset Password',
  // The staff area to a visitor (e2e/tests/staff-area.spec.ts has the rest).
  staffHome: 'Staff sign-in',
  staffPeople: 'Staff sign-in',
  staffAcceptInvitation: 'Join the staff',
  staffPosts: 'Staff sign-in',
  staffPostNew: 'Staff sign-in',
  staffPost: 'Staff sign-in',
  staffEvents: 'Staff sign-in',
  staffEventNew: 'Staff sign-in',
  staffEvent: 'Staff sign-in',
  staffGallery: 'Staff sign-in',
  staffAlbumNew: 'Staff sign-in',
  staffAlbum: 'Staff sign-in',
  staffTeam: 'Staff sign-in',
  staffSponsors: 'Staff sign-in',
  staffMembers: 'Staff sign-in',
  staffMember: 'Staff sign-in',
  staffAnnouncements: 'Staff sign-in',
  staffAnnouncement: 'Staff sign-in',
  staffAudit: 'Staff sign-in',
  staffQueues: 'Staff sign-in',
  staffSupport: 'Staff sign-in',
  staffTicket: 'Staff sign-in',
  staffContact: 'Staff sign-in',
  staffOrders: 'Staff sign-in',
  staffOrder: 'Staff sign-in',
  staffRevenue: 'Staff sign-in',
};

const concrete = (path: string) => path.replace(':id', '42').replace(':token', 'abc123').replace(':key', 'a-post').replace(':reference', 'TCA-2026-000001').replace(':userId', '42');

test.describe('route table', () => {
  for (const [page, title] of Object.entries(TITLES) as Array<[Exclude<PageId, 'profile' | 'confirmation'>, string]>) {
    test(`${paths[page]} renders "${title}" through the shell`, async ({ page: browser }) => {
      // Not waiting for the load event: the page preloads its remote's code, which delays that event,
      // sometimes past the one second "Loading..." shows for.
      await browser.goto(concrete(paths[page]), { waitUntil: 'commit' });
      // Spec §2.1: "Loading..." first, then the page from its remote, inside the shell's frame.
      await expect(browser.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
      await expect(pageTitle(browser)).toHaveText(title);
      await expect(header(browser).getByRole('link', { name: 'Membership' })).toBeVisible();
      await expect(footer(browser).getByText('All rights reserved.')).toBeVisible();
    });
  }

  test('/confirmation without a membership to complete goes to /membership (the spec\'s /billing does not exist)', async ({ page }) => {
    await page.goto('/confirmation');
    await expect(page).toHaveURL(/\/membership$/);
    await expect(pageTitle(page)).toHaveText('Membership');
  });

  test('/profile without a stored user goes to /login, with no one-second loader on the profile', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(pageTitle(page)).toHaveText('Login');
  });

  test('a deep link reloads onto the same page', async ({ page }) => {
    // No post has the id 42: the post page itself answers, with its not-found text.
    await page.goto('/blog/42');
    await expect(pageTitle(page)).toHaveText('Blog Post');
    await expect(page.getByText('Blog post not found')).toBeVisible();
    await page.reload();
    await expect(pageTitle(page)).toHaveText('Blog Post');
    await expect(page.getByText('Blog post not found')).toBeVisible();
    await page.getByRole('link', { name: '← Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(pageTitle(page)).toHaveText('Blog');
  });

  test('an unknown path shows the 404 page inside the frame', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(pageTitle(page)).toHaveText('Page not found');
    await expect(footer(page).getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  });

  test('header and footer links navigate between remotes without a page load', async ({ page }) => {
    await page.goto('/');
    await expect(pageTitle(page)).toHaveText(TITLES.home);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await header(page).getByRole('link', { name: 'Membership' }).click();
    await expect(pageTitle(page)).toHaveText(TITLES.membership);
    await header(page).getByRole('button', { name: 'Show About pages' }).click();
    await header(page).getByRole('link', { name: 'Our Team' }).click();
    await expect(pageTitle(page)).toHaveText(TITLES.team);
    await footer(page).getByRole('link', { name: 'Tamil School' }).click();
    await expect(pageTitle(page)).toHaveText(TITLES.tamilSchools);
    await footer(page).getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page).toHaveURL(/\/terms&conditions$/);
    await expect(pageTitle(page)).toHaveText(TITLES.terms);
    await header(page).getByRole('link', { name: 'Login' }).click();
    await expect(pageTitle(page)).toHaveText(TITLES.login);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
