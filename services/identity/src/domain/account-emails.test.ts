import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emailJobSchema } from '@tca/contracts';
import { brandFor, passwordChangedEmail, resetLinkEmail, sitePage } from './account-emails.js';

const brand = brandFor('https://tamil.example.org');
const user = { email: 'meera@example.org', firstName: 'Meera <b>' };

describe('identity e-mails', () => {
  it('build site links from PUBLIC_URL with or without a trailing slash or path', () => {
    assert.equal(sitePage('https://tamil.example.org', '/login'), 'https://tamil.example.org/login');
    assert.equal(sitePage('https://tamil.example.org/', '/login'), 'https://tamil.example.org/login');
    assert.equal(sitePage('https://example.org/tca/', '/reset-password/abc'), 'https://example.org/tca/reset-password/abc');
  });

  it('the reset e-mail carries the link in both parts, its expiry in Adelaide time, and escapes the name', () => {
    const link = 'https://tamil.example.org/reset-password/TOKEN_abc-123';
    const mail = emailJobSchema.parse(resetLinkEmail(user, link, new Date('2026-01-10T03:00:00Z'), brand));
    assert.equal(mail.to, user.email);
    assert.ok(mail.text.includes(link));
    assert.ok(mail.html?.includes(`href="${link}"`));
    assert.match(mail.text, /Saturday 10 January 2026 at 1:30 pm ACDT/);
    assert.match(mail.text, /If you did not ask for this, ignore this e-mail/);
    assert.ok(mail.html?.includes('Meera &lt;b&gt;'));
    assert.ok(!mail.html?.includes('Meera <b>'));
  });

  it('every e-mail gets a new job key, without ":"', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20; i++) {
      keys.add(resetLinkEmail(user, 'https://x.example/r', new Date(), brand).key);
      keys.add(passwordChangedEmail(user, new Date(), 'change', 'https://x.example/login', brand).key);
    }
    assert.equal(keys.size, 40);
    assert.ok([...keys].every((key) => !key.includes(':')));
  });

  it('the password-changed notice says how, when, and what to do if it was not you', () => {
    const reset = passwordChangedEmail(user, new Date('2026-06-01T00:00:00Z'), 'reset', 'https://tamil.example.org/login', brand);
    assert.match(reset.text, /reset with an e-mailed link on Monday 1 June 2026 at 9:30 am ACST/);
    assert.match(reset.text, /If it was not you/);
    const change = passwordChangedEmail(user, new Date('2026-06-01T00:00:00Z'), 'change', 'https://tamil.example.org/login', brand);
    assert.match(change.text, /changed on your profile/);
    assert.match(change.text, /Every other device/);
  });
});
