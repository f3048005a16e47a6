import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emailJobSchema } from '@tca/contracts';
import { brandFor, passwordChangedEmail, resetLinkEmail } from './account-emails.js';
import { announcementEmail } from './announcements.js';
import { membershipApprovedEmail, membershipRejectedEmail, renewalReminderEmail } from './membership-emails.js';
import { invitationEmail } from './staff.js';

/** Identity's e-mails in the member's language (issue 17): everything but names, addresses and what people wrote is Tamil. */

const brand = brandFor('https://tamil.example.org');
const tamilMember = { email: 'kavi@example.org', firstName: 'Kavi', language: 'ta' as const };
const gold = { requestId: 'TCA-2026-000123', membershipName: 'Gold', term: 'annual' as const, startsOn: '2026-01-01', endsOn: '2027-01-01' };
const when = new Date('2026-06-01T00:00:00Z');

/** English interface words any of these e-mails would have if a text were missed. */
const ENGLISH = /\b(Dear|Hello|membership|Membership|Status|Valid|Starts|Request ID|password|link|Renew|Contact us|Unsubscribe|Owner|invited|Adelaide Tamil Association|ACST|ACDT)\b/;

function assertTamil(job: unknown, allowed: RegExp[] = []) {
  const mail = emailJobSchema.parse(job);
  assert.ok(mail.html?.includes('<html lang="ta">'), 'html lang="ta"');
  assert.match(mail.text, /[\u0B80-\u0BFF]/);
  for (const part of [mail.subject, mail.text]) {
    // Addresses (links, e-mail addresses) are not interface text.
    let rest = part.replace(/https?:\/\/\S+|\S+@\S+/g, '');
    for (const pattern of allowed) rest = rest.replace(pattern, '');
    assert.doesNotMatch(rest, ENGLISH, part);
    if (rest.trim() !== '') assert.match(rest, /[\u0B80-\u0BFF]/, part);
  }
  return mail;
}

describe('identity e-mails in Tamil', () => {
  it('the reset link and the password-changed notice', () => {
    const reset = assertTamil(resetLinkEmail(tamilMember, 'https://tamil.example.org/reset-password/abc', when, brand));
    assert.match(reset.text, /^அன்புள்ள Kavi,/);
    assert.match(reset.text, /திங்கள், 1 ஜூன், 2026 அன்று 09:30 \(அடிலெய்டு நேரம்\)/);
    for (const how of ['reset', 'change'] as const) assertTamil(passwordChangedEmail(tamilMember, when, how, 'https://tamil.example.org/login', brand));
  });

  it('membership approved, rejected (the reason as written) and the renewal reminder', () => {
    const approved = assertTamil(membershipApprovedEmail(tamilMember, gold, 'https://tamil.example.org/profile', brand));
    assert.match(approved.subject, /^உங்கள் Gold உறுப்புரிமை அங்கீகரிக்கப்பட்டது - அடிலெய்டு தமிழ்ச் சங்கம்$/);
    const rejected = assertTamil(membershipRejectedEmail(tamilMember, gold, 'Missing documents', 'https://tamil.example.org/contact', brand), [/Missing documents/]);
    assert.match(rejected.text, /> Missing documents/);
    for (const days of [7, 30]) assertTamil(renewalReminderEmail(tamilMember, gold, days, 'https://tamil.example.org/membership', brand));
  });

  it('the staff invitation in the inviting page’s language, with Tamil role names', () => {
    const mail = assertTamil(invitationEmail('new@example.org', ['owner', 'treasurer'], 'https://tamil.example.org/staff/accept/x', when, 'boss@example.org', brand, 'ta'));
    assert.match(mail.text, /உரிமையாளர், பொருளாளர்/);
  });

  it('an announcement: the frame in the member’s language, the announcement as its author wrote it', () => {
    const row = { announcement_uid: '0b6f1c3e-8d1a-4a59-9a51-1f0f2d6c9e10', user_id: 7, email: 'kavi@example.org', first_name: 'Kavi', subject: 'Pongal 2027', body: 'Join us for **Pongal**.' };
    const mail = assertTamil(announcementEmail({ ...row, language: 'ta' }, 'tok', { brand, publicUrl: 'https://tamil.example.org' }), [/Pongal 2027/, /Join us for \*\*Pongal\*\*\./]);
    assert.equal(mail.subject, 'Pongal 2027');
    assert.match(mail.text, /அறிவிப்புகளிலிருந்து விலக/);
    const english = announcementEmail(row, 'tok', { brand, publicUrl: 'https://tamil.example.org' });
    assert.match(english.text, /^Dear Kavi,/);
    assert.match(english.text, /Unsubscribe from announcements/);
  });
});
