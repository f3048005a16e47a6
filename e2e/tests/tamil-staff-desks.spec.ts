import { paths } from '@tca/contracts';
import { expect, pageTitle, test } from '../support/fixtures.js';
import { shootBothWidths, signedInStaff } from '../support/staff.js';
import { expectTamilPage, rememberTamil } from '../support/tamil.js';

/**
 * The staff area's desks in Tamil (issue 17): an owner who chose Tamil opens the staff home, the staff and
 * invitations, the announcements, the audit log and the queues. Each page has its Tamil title, no English
 * left outside lang="en" parts (names, e-mail addresses, the services' own words) and passes axe.
 * Screenshots of the staff home and the audit log at 1280 and 375 px (E2E_SHOTS_DIR).
 */

const DESKS: ReadonlyArray<{ path: string; title: string }> = [
  { path: paths.staffHome, title: 'நிர்வாகப் பகுதி' },
  { path: paths.staffPeople, title: 'நிர்வாகிகளும் அழைப்புகளும்' },
  { path: paths.staffAnnouncements, title: 'அறிவிப்புகள்' },
  { path: paths.staffAudit, title: 'தணிக்கைப் பதிவு' },
  { path: paths.staffQueues, title: 'பணி வரிசைகள்' },
];

test('an owner’s staff desks in Tamil: home, people, announcements, audit log and queues', async ({ page, request }) => {
  // The owner account is the run's (set up here when this spec runs first: the CLI takes its time).
  test.setTimeout(300_000);
  await signedInStaff(page, request, 'owner');
  await rememberTamil(page);
  for (const desk of DESKS) {
    await page.goto(desk.path);
    await expect(pageTitle(page)).toHaveText(desk.title);
    await expectTamilPage(page, desk.path);
    if (desk.path === paths.staffHome) await shootBothWidths(page, 'tamil-staff-home');
    if (desk.path === paths.staffAudit) await shootBothWidths(page, 'tamil-staff-audit');
  }
});
