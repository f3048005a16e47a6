import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emailJobSchema, formatTicketReference, TICKET_REFERENCE_PATTERN } from '@tca/contracts';
import { loadContentConfig } from '../../config.js';
import type { StoredSupportTicket } from '../../data-access/support-ticket-repository.js';
import { brandFor, contactAcknowledgementEmail, contactInboxEmail, issueTypeLabel, ticketConfirmationEmail, ticketReplyEmail } from './form-emails.js';
import { yearInAdelaide } from './form-submissions.js';

const brand = brandFor('https://tamil.example.org');
const message = {
  uid: '6f1c1f2e-8a39-4d0b-9b1e-3f6f0e8d9a11',
  name: 'Kavitha',
  senderEmail: 'kavitha@example.org',
  phoneNumber: '0412 345 678',
  subject: 'Pongal',
  message: 'When does it start?\nThanks',
  createdAt: new Date('2026-01-14T23:45:00Z'),
  language: 'en' as const,
};

const ticket: StoredSupportTicket = {
  uid: '0b7a3c1e-2f4d-4e5a-9c6b-7d8e9f0a1b2c',
  reference: 'TCA-2026-000042',
  name: 'Kavitha',
  email: 'kavitha@example.org',
  countryCode: '+61',
  phone: '0412 345 678',
  issueType: 'billing',
  issueDescription: 'Charged twice',
  createdAt: new Date('2026-01-14T23:45:00Z'),
  language: 'en',
};

describe('ticket references', () => {
  it('use the year of submission in Adelaide', () => {
    assert.equal(yearInAdelaide(new Date('2025-12-31T13:29:00Z')), 2025);
    assert.equal(yearInAdelaide(new Date('2025-12-31T13:30:00Z')), 2026, 'midnight in Adelaide (UTC+10:30) is already the new year');
    assert.equal(formatTicketReference(yearInAdelaide(new Date('2026-06-30T12:00:00Z')), 123), 'TCA-2026-000123');
    assert.match(formatTicketReference(2026, 1_234_567), TICKET_REFERENCE_PATTERN);
  });
});

describe('contact e-mails', () => {
  it('send the message to the inbox with Reply-To the sender, dated in Adelaide', () => {
    const mail = emailJobSchema.parse(contactInboxEmail(message, 'office@tamil.example.org', brand));
    assert.equal(mail.key, `contact-${message.uid}-inbox`);
    assert.equal(mail.to, 'office@tamil.example.org');
    assert.equal(mail.replyTo, 'kavitha@example.org');
    assert.equal(mail.subject, 'Contact form: Pongal');
    assert.match(mail.text, /Received: Thursday 15 January 2026 at 10:15 am ACDT/);
    assert.match(mail.text, /> When does it start\?\n> Thanks/);
    assert.ok(mail.html?.includes('When does it start?<br>Thanks'));
  });

  it('acknowledge to the sender without repeating the message', () => {
    const mail = emailJobSchema.parse(contactAcknowledgementEmail(message, 'office@tamil.example.org', brand));
    assert.equal(mail.key, `contact-${message.uid}-ack`);
    assert.equal(mail.to, 'kavitha@example.org');
    assert.equal(mail.replyTo, 'office@tamil.example.org');
    assert.equal(mail.subject, 'We received your message - Adelaide Tamil Association');
    assert.ok(!mail.text.includes('When does it start'));
    assert.match(mail.text, /Adelaide Tamil Association\nhttps:\/\/tamil.example.org\n$/);
  });

  it('acknowledge with a fixed text: nothing the visitor typed reaches the address they typed', () => {
    const lure = 'Your account is locked: sign in at https://evil.example.net/login now';
    const phishing = {
      ...message,
      name: `Dear customer, ${lure}`,
      subject: `Urgent - ${lure}`,
      message: `${lure}\nwww.evil.example.net/pay`,
      senderEmail: 'victim.evil.example.net@example.org',
    };
    const mail = emailJobSchema.parse(contactAcknowledgementEmail(phishing, 'office@tamil.example.org', brand));
    assert.equal(mail.to, 'victim.evil.example.net@example.org');
    assert.equal(mail.subject, 'We received your message - Adelaide Tamil Association');
    const rendered = [mail.subject, mail.text, mail.html ?? ''].join('\n');
    for (const typed of ['evil.example.net', 'locked', 'sign in', 'Dear customer', 'Urgent']) {
      assert.ok(!rendered.toLowerCase().includes(typed.toLowerCase()), `the acknowledgement carries "${typed}"`);
    }
    // Every line of the text is the fixed wording: the same whoever sent what.
    const plain = emailJobSchema.parse(contactAcknowledgementEmail({ ...message, uid: phishing.uid }, 'office@tamil.example.org', brand));
    assert.equal(mail.text, plain.text);
    assert.equal(mail.html, plain.html);
    assert.match(mail.text, /Thank you for contacting the Adelaide Tamil Association\. We received your message/);
  });

  it('default inboxes are addresses the mailer accepts', () => {
    const config = loadContentConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' });
    for (const to of [config.CONTACT_INBOX, config.SUPPORT_INBOX]) emailJobSchema.shape.to.parse(to);
    assert.deepEqual([config.CONTACT_RATE_LIMIT, config.TICKET_RATE_LIMIT, config.RATE_LIMIT_WINDOW_MS], [5, 5, 900_000]);
  });

  it('label issue types as the form does', () => {
    assert.equal(issueTypeLabel('billing'), 'Billing Issue');
    assert.equal(issueTypeLabel('other'), 'other');
  });
});

describe('the visitor\'s e-mails in the language of the page they wrote from (issue 17)', () => {
  it('English: the texts as before, word for word', () => {
    const ack = emailJobSchema.parse(contactAcknowledgementEmail(message, 'office@tamil.example.org', brand));
    assert.match(ack.text, /^Hello,\n\nThank you for contacting the Adelaide Tamil Association\. We received your message on Thursday 15 January 2026 at 10:15 am ACDT and aim to reply within 5 working days\.\n\nIf you did not send this message, you can ignore this e-mail\.\n/m);
    assert.match(ack.html ?? '', /<html lang="en">/);
    const confirmation = emailJobSchema.parse(ticketConfirmationEmail(ticket, 'support@tamil.example.org', brand));
    assert.equal(confirmation.subject, 'Your support ticket TCA-2026-000042 - Adelaide Tamil Association');
    assert.match(confirmation.text, /Dear Kavitha,\n\nThank you for raising a support ticket\. Our team will look into it and get back to you at kavitha@example\.org\./);
    assert.match(confirmation.text, /Reference: TCA-2026-000042\nIssue type: Billing Issue\nSubmitted: Thursday 15 January 2026 at 10:15 am ACDT/);
    const reply = emailJobSchema.parse(ticketReplyEmail(ticket, { uid: 'r1', body: 'Refunded.', createdAt: ticket.createdAt }, true, 'support@tamil.example.org', brand));
    assert.equal(reply.subject, 'Re: your support ticket TCA-2026-000042 - Adelaide Tamil Association');
    assert.match(reply.text, /The support team answered your ticket TCA-2026-000042 \(Billing Issue\):/);
    assert.match(reply.text, /You can answer from "My tickets" on your profile at https:\/\/tamil\.example\.org, or reply to this e-mail quoting TCA-2026-000042\./);
  });

  it('Tamil: a Tamil contact message gets a Tamil acknowledgement, dated in Tamil', () => {
    const ack = emailJobSchema.parse(contactAcknowledgementEmail({ ...message, language: 'ta' }, 'office@tamil.example.org', brand));
    assert.equal(ack.subject, 'உங்கள் செய்தி எங்களுக்குக் கிடைத்தது - அடிலெய்டு தமிழ்ச் சங்கம்');
    assert.match(ack.text, /^வணக்கம்,\n\nஅடிலெய்டு தமிழ்ச் சங்கம் உடன் தொடர்புகொண்டதற்கு நன்றி\. உங்கள் செய்தி வியாழன், 15 ஜனவரி, 2026 .*10:15 \(அடிலெய்டு நேரம்\) எங்களுக்குக் கிடைத்தது; 5 வேலை நாட்களுக்குள்/m);
    assert.doesNotMatch(ack.text, /Thursday|January|Thank you/);
    assert.match(ack.html ?? '', /<html lang="ta">/);
    assert.equal(ack.key, `contact-${message.uid}-ack`);
  });

  it('Tamil: a ticket raised from a Tamil page is confirmed and answered in Tamil (the desk\'s reply as written)', () => {
    const tamil = { ...ticket, language: 'ta' as const };
    const confirmation = emailJobSchema.parse(ticketConfirmationEmail(tamil, 'support@tamil.example.org', brand));
    assert.equal(confirmation.subject, 'உங்கள் உதவிக் கோரிக்கை TCA-2026-000042 - அடிலெய்டு தமிழ்ச் சங்கம்');
    assert.match(confirmation.text, /அன்புள்ள Kavitha,/);
    assert.match(confirmation.text, /பிரச்சினையின் வகை: கட்டணச் சிக்கல்/);
    const reply = emailJobSchema.parse(ticketReplyEmail(tamil, { uid: 'r1', body: 'Refunded.', createdAt: ticket.createdAt }, false, 'support@tamil.example.org', brand));
    assert.match(reply.text, /உங்கள் கோரிக்கை TCA-2026-000042-க்கு \(கட்டணச் சிக்கல்\) உதவிக் குழு அளித்த பதில்:\n\n> Refunded\./);
    assert.match(reply.text, /தலைப்பில் உள்ள TCA-2026-000042 என்பதை மாற்றாமல் வைத்திருங்கள்\./);
  });
});
