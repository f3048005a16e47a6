import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type Stripe from 'stripe';
import { membershipSession, openHostedPage, submitCard, useSandbox } from '../../testing/harness.js';

/** Every id a label points at, and every id an aria-describedby names, must exist. */
function assertLabelledAndDescribed(html: string): void {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  for (const input of html.matchAll(/<input (?![^>]*type="hidden")[^>]*>/g)) {
    const id = /\sid="([^"]+)"/.exec(input[0])?.[1];
    assert.ok(id && html.includes(`<label for="${id}">`), `input without a label: ${input[0]}`);
    for (const ref of /aria-describedby="([^"]+)"/.exec(input[0])?.[1]?.split(' ') ?? []) assert.ok(ids.has(ref), `aria-describedby names a missing id ${ref}`);
  }
}

describe('hosted checkout page', () => {
  const sandbox = useSandbox();

  it('shows the merchant, the line item, the amount, labelled card fields, Pay and Cancel', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession({ customer_email: undefined }));
    const res = await fetch(session.url ?? '');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /form-action 'self' http:\/\/localhost:3000(;|\s)/);
    assert.match(csp, /frame-ancestors 'none'/);
    const html = await res.text();
    assert.match(html, /^<!doctype html>\n<html lang="en">/);
    assert.match(html, /<title>Pay Adelaide Tamil Association<\/title>/);
    assert.match(html, /<h1 id="summary-title">Pay Adelaide Tamil Association <span class="big">A\$10\.00<\/span><\/h1>/);
    assert.match(html, /Student membership/);
    for (const label of ['Email', 'Card number', 'Expiration date (MM / YY)', 'Security code (CVC)', 'Name on card']) assert.match(html, new RegExp(`<label for="[a-z]+">${label.replace(/[()]/g, '\\$&')}</label>`));
    assert.match(html, /autocomplete="cc-number"/);
    assert.match(html, /<button type="submit">Pay A\$10\.00<\/button>/);
    assert.match(html, /<a class="cancel" href="http:\/\/localhost:3000\/cancel">Cancel and return to Adelaide Tamil Association<\/a>/);
    assert.doesNotMatch(html, /<script/);
    assertLabelledAndDescribed(html);
  });

  it('shows a given customer_email read-only', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const { html } = await openHostedPage(session.url ?? '');
    assert.match(html, /<input id="email" name="email" type="email" autocomplete="email" readonly value="member@example\.org">/);
  });

  it('ties each error to its field, keeps the answers, and leaves the session open', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession({ customer_email: undefined }));
    const res = await submitCard(session.url ?? '', { email: 'payer@example.org', cardnumber: '1234 5678', cardcvc: '', billingname: '' });
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<title>Error: check the payment details – Pay Adelaide Tamil Association<\/title>/);
    assert.match(html, /<div class="alert" role="alert" id="payment-alert">/);
    assert.match(html, /<input id="cardnumber"[^>]* value="1234 5678" aria-describedby="cardnumber-hint cardnumber-error" aria-invalid="true" autofocus>/);
    assert.match(html, /<p class="error" id="cardnumber-error">Your card number is invalid\.<\/p>/);
    assert.match(html, /<p class="error" id="cardcvc-error">Your card’s security code is incomplete\.<\/p>/);
    assert.match(html, /<p class="error" id="billingname-error">Enter the name on your card\.<\/p>/);
    assert.match(html, /value="payer@example\.org"/);
    assertLabelledAndDescribed(html);
    assert.equal((await sandbox.stripe.checkout.sessions.retrieve(session.id)).status, 'open');
  });

  it('says a declined card was declined, tied to the card number', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const res = await submitCard(session.url ?? '', { cardnumber: '4000 0000 0000 0002' });
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /role="alert" id="payment-alert"><p>Your card was declined\.<\/p>/);
    assert.match(html, /<input id="cardnumber"[^>]*aria-describedby="cardnumber-hint payment-alert" aria-invalid="true"/);
    assertLabelledAndDescribed(html);
  });

  it('refuses a post without the page’s form token', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession());
    const form = new URLSearchParams({ form_token: 'forged', cardnumber: '4242424242424242', cardexpiry: '12/40', cardcvc: '123', billingname: 'X' });
    const res = await fetch(session.url ?? '', { method: 'POST', body: form, redirect: 'manual' });
    assert.equal(res.status, 403);
    assert.match(await res.text(), /was not sent from this payment page/);
    assert.equal((await sandbox.stripe.checkout.sessions.retrieve(session.id)).status, 'open');
  });

  it('says when a session is paid or expired, and when there is none', async () => {
    const paid = await sandbox.stripe.checkout.sessions.create(membershipSession());
    assert.equal((await submitCard(paid.url ?? '', { cardnumber: '4242424242424242' })).status, 303);
    const again = await fetch(paid.url ?? '');
    assert.equal(again.status, 200);
    const paidHtml = await again.text();
    assert.match(paidHtml, /Payment complete/);
    assert.ok(paidHtml.includes(`href="http://localhost:3000/success?session_id=${paid.id}"`));
    assert.doesNotMatch(paidHtml, /<form/);

    const expired = await sandbox.stripe.checkout.sessions.create(membershipSession());
    await sandbox.stripe.checkout.sessions.expire(expired.id);
    const gone = await fetch(`${sandbox.url}/c/pay/${expired.id}`);
    assert.equal(gone.status, 410);
    assert.match(await gone.text(), /This checkout session has expired/);

    const none = await fetch(`${sandbox.url}/c/pay/cs_test_unknown`);
    assert.equal(none.status, 404);
    assert.match(await none.text(), /Payment page not found/);
  });

  it('speaks Tamil for a session created with locale ta (the sandbox’s own; Stripe has no Tamil): labels, errors, status pages', async () => {
    const session = await sandbox.stripe.checkout.sessions.create(membershipSession({ customer_email: undefined, locale: 'ta' as Stripe.Checkout.SessionCreateParams.Locale }));
    assert.equal(session.locale, 'ta');
    const html = await (await fetch(session.url ?? '')).text();
    assert.match(html, /^<!doctype html>\n<html lang="ta">/);
    assert.match(html, /<title>Adelaide Tamil Association – கட்டணம் செலுத்துக<\/title>/);
    assert.match(html, /<h1 id="summary-title"><span lang="en">Adelaide Tamil Association<\/span> – கட்டணம் செலுத்துக <span class="big">A\$10\.00<\/span><\/h1>/);
    assert.match(html, /<label for="cardnumber">அட்டை எண்<\/label>/);
    assert.match(html, /<button type="submit">A\$10\.00 செலுத்துக<\/button>/);
    assertLabelledAndDescribed(html);
    // Outside the merchant's name (lang="en"), the product line (the payments service names it) and the test card's words, no English.
    const words = html
      .replace(/<style>[\s\S]*?<\/style>|<head>[\s\S]*?<\/head>/g, '')
      .replace(/<span lang="en">[^<]*<\/span>|Student membership|Stripe|CVC|MM \/ YY/g, '')
      .replace(/<[^>]+>/g, ' ');
    assert.doesNotMatch(words, /[A-Za-z]{3,}/);

    const invalid = await (await submitCard(session.url ?? '', { cardnumber: '1234' })).text();
    assert.match(invalid, /<p>கட்டண விவரங்களைச் சரிபாருங்கள்<\/p>/);
    assert.match(invalid, /உங்கள் அட்டை எண் தவறானது\./);
    const declined = await (await submitCard(session.url ?? '', { cardnumber: '4000 0000 0000 0002' })).text();
    assert.match(declined, /<p>உங்கள் அட்டை மறுக்கப்பட்டது\.<\/p>/);
    assert.equal((await submitCard(session.url ?? '', { cardnumber: '4242424242424242' })).status, 303);
    assert.match(await (await fetch(session.url ?? '')).text(), /கட்டணம் செலுத்தப்பட்டது/);
  });

  it('refuses a locale Stripe does not know', async () => {
    await assert.rejects(sandbox.stripe.checkout.sessions.create(membershipSession({ locale: 'xx' as Stripe.Checkout.SessionCreateParams.Locale })), /Invalid locale/);
  });
});
