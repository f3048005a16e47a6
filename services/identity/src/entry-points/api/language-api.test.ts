import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNT_LANGUAGE_PATH, accountLanguageAnswerSchema, LANGUAGE_INVALID_MESSAGE, loginAnswerSchema, sessionAnswerSchema } from '@tca/contracts';
import { newStaffMember } from '../../testing/staff.js';
import { apiError, call, newEmail, outboxMails, registerAndLogin, registration, resetTokenIn, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../../testing/harness.js';

/** The member's language (issue 17): stored at registration and by PUT /auth/language; identity's e-mails follow it. */

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('language');
});
after(async () => {
  await identity?.stop();
});

async function storedLanguage(email: string): Promise<string | undefined> {
  const { rows } = await identity.pool.query<{ language: string }>('SELECT language FROM users WHERE email = $1', [email]);
  return rows[0]?.language;
}

const TAMIL = /[\u0B80-\u0BFF]/;

describe('the account language', () => {
  it('registration from a Tamil page stores ta; without Accept-Language, en; the login answer carries it', async () => {
    const tamil = registration({ firstName: 'Kavitha' });
    const res = await call(identity, '/auth/register', tamil, { headers: { 'Accept-Language': 'ta' } });
    assert.equal(res.status, 201, await res.clone().text());
    assert.equal(await storedLanguage(tamil.email), 'ta');
    const login = await call(identity, '/auth/login', { email: tamil.email, password: tamil.password });
    assert.equal(loginAnswerSchema.parse(await login.json()).user.language, 'ta');

    const english = await registerAndLogin(identity);
    assert.equal(await storedLanguage(english.email), 'en');
    assert.equal(english.login.user.language, 'en');
  });

  it('PUT /auth/language stores the language; /auth/session answers it; a bad value is a 400 with a clear message', async () => {
    const { email, login } = await registerAndLogin(identity);
    const set = await call(identity, ACCOUNT_LANGUAGE_PATH, { language: 'ta' }, { method: 'PUT', token: login.token });
    assert.equal(set.status, 200);
    assert.deepEqual(accountLanguageAnswerSchema.parse(await set.json()), { language: 'ta' });
    assert.equal(await storedLanguage(email), 'ta');
    const session = await call(identity, '/auth/session', undefined, { token: login.token });
    assert.equal(sessionAnswerSchema.parse(await session.json()).user.language, 'ta');

    for (const body of [{ language: 'fr' }, { language: 'TA' }, {}, { language: 'ta', extra: 1 }]) {
      const error = await apiError(await call(identity, ACCOUNT_LANGUAGE_PATH, body, { method: 'PUT', token: login.token }), 400);
      if (!('extra' in body)) assert.deepEqual(error.fields, { language: LANGUAGE_INVALID_MESSAGE });
    }
    assert.equal(await storedLanguage(email), 'ta', 'refused values change nothing');
    await apiError(await call(identity, ACCOUNT_LANGUAGE_PATH, { language: 'en' }, { method: 'PUT' }), 401);
  });

  it('a member who chose Tamil gets the password-reset e-mail in Tamil; English members in English', async () => {
    const { email, login } = await registerAndLogin(identity, { firstName: 'Anbu' });
    assert.equal((await call(identity, ACCOUNT_LANGUAGE_PATH, { language: 'ta' }, { method: 'PUT', token: login.token })).status, 200);
    // The request itself comes from an English page: the account's language decides.
    assert.equal((await call(identity, '/auth/send-reset-email', { email }, { headers: { 'Accept-Language': 'en' } })).status, 200);
    const [mail] = await outboxMails(identity.pool, email);
    assert.ok(mail);
    assert.equal(mail.jobName, 'password-reset');
    assert.match(mail.subject, /^உங்கள் கடவுச்சொல்லை மீட்டமையுங்கள் - அடிலெய்டு தமிழ்ச் சங்கம்$/);
    assert.ok(mail.text.startsWith('அன்புள்ள Anbu,'));
    assert.match(mail.text, /புதிய கடவுச்சொல்லைத் தேர்ந்தெடுக்க/);
    assert.doesNotMatch(mail.text, /Dear|Choose a new password|Adelaide Tamil Association/);
    assert.ok(mail.html?.includes('<html lang="ta">'));
    assert.match(mail.html ?? '', TAMIL);
    const token = resetTokenIn(mail);
    assert.ok(mail.html?.includes(`href="${TEST_PUBLIC_URL}/reset-password/${token}"`));

    // Its password-changed notice too.
    assert.equal((await call(identity, '/auth/reset-password', { token, password: 'Thai#Pongal2027' })).status, 200);
    const notice = (await outboxMails(identity.pool, email)).at(-1);
    assert.equal(notice?.jobName, 'password-changed');
    assert.match(notice?.subject ?? '', /^உங்கள் கடவுச்சொல் மாற்றப்பட்டது/);

    const english = await registerAndLogin(identity);
    await call(identity, '/auth/send-reset-email', { email: english.email }, { headers: { 'Accept-Language': 'ta' } });
    const [englishMail] = await outboxMails(identity.pool, english.email);
    assert.match(englishMail?.subject ?? '', /^Reset your password - Adelaide Tamil Association$/);
    assert.ok(englishMail?.html?.includes('<html lang="en">'));
  });

  it('a staff invitation sent from a Tamil page is written in Tamil (the invitee has no account yet)', async () => {
    const owner = await newStaffMember(identity, ['owner']);
    const email = newEmail('invitee');
    const res = await call(identity, '/staff-api/invitations', { email, roles: ['editor'] }, { method: 'POST', token: owner.token, headers: { 'Accept-Language': 'ta' } });
    assert.equal(res.status, 201, await res.clone().text());
    const [mail] = await outboxMails(identity.pool, email);
    assert.match(mail?.subject ?? '', /^அடிலெய்டு தமிழ்ச் சங்கம் நிர்வாகிகள் குழுவில் இணைய உங்களுக்கு அழைப்பு$/);
    assert.match(mail?.text ?? '', /பதிப்பாசிரியர்/);
    assert.ok(mail?.html?.includes('<html lang="ta">'));
  });
});
