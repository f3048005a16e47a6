import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml, formatDateTimeIn, renderEmail, type EmailContent } from './email-template.js';

const brand = { name: 'Adelaide Tamil Association', url: 'https://tamil.example.org' };

const content: EmailContent = {
  subject: 'Hello <Kavi>\r\nBcc: victim@example.org',
  preheader: 'A short summary',
  blocks: [
    { type: 'paragraph', text: 'Dear <b>Kavi</b> & "friends",\nsecond line' },
    { type: 'heading', text: 'Details' },
    { type: 'details', rows: [['Reference', 'TCA-2026-000123'], ['Address', 'line one\nline two']] },
    { type: 'quote', text: "It's <script>alert(1)</script>\n\nbye" },
    { type: 'link', text: 'Visit us', href: 'https://tamil.example.org/events' },
    { type: 'link', text: 'Not a link', href: 'javascript:alert(1)' },
  ],
};

describe('renderEmail', () => {
  const mail = renderEmail(content, brand);

  it('a rendered block (staff-written Markdown, rendered and made safe by the caller): its text in the plain part, its HTML as given', () => {
    const rendered = renderEmail({ subject: 'News', blocks: [{ type: 'rendered', text: '**Pongal**\r\nsoon', html: '<p><strong>Pongal</strong> soon</p>' }] }, brand);
    assert.ok(rendered.text.startsWith('**Pongal**\nsoon\n'));
    assert.match(rendered.html, /<div style="[^"]*"><p><strong>Pongal<\/strong> soon<\/p><\/div>/);
  });

  it('keeps the subject on one line (no header injection)', () => {
    assert.equal(mail.subject, 'Hello <Kavi> Bcc: victim@example.org');
  });

  it('renders the plain-text part from the blocks', () => {
    assert.equal(
      mail.text,
      [
        'Dear <b>Kavi</b> & "friends",\nsecond line',
        'Details\n-------',
        'Reference: TCA-2026-000123\nAddress: line one\n    line two',
        "> It's <script>alert(1)</script>\n>\n> bye",
        'Visit us: https://tamil.example.org/events',
        'Not a link: javascript:alert(1)',
        '-- \nAdelaide Tamil Association\nhttps://tamil.example.org',
      ].join('\n\n') + '\n',
    );
  });

  it('renders the same blocks to HTML with every value escaped', () => {
    assert.ok(mail.html.startsWith('<!doctype html>'));
    assert.ok(mail.html.includes('<html lang="en">'));
    assert.ok(mail.html.includes('<title>Hello &lt;Kavi&gt; Bcc: victim@example.org</title>'));
    assert.ok(mail.html.includes('Dear &lt;b&gt;Kavi&lt;/b&gt; &amp; &quot;friends&quot;,<br>second line'));
    assert.ok(mail.html.includes('It&#39;s &lt;script&gt;alert(1)&lt;/script&gt;<br><br>bye'));
    assert.ok(mail.html.includes('<th scope="row"'));
    assert.ok(mail.html.includes('line one<br>line two'));
    assert.ok(mail.html.includes('<a href="https://tamil.example.org/events"'));
    assert.ok(!mail.html.includes('javascript:'), 'unsafe link targets are dropped');
    assert.ok(mail.html.includes('Not a link'));
    assert.ok(mail.html.includes('A short summary'));
    assert.ok(!/<script|<b>/.test(mail.html));
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('formatDateTimeIn', () => {
  it('writes the time as people in that zone read it, daylight saving included', () => {
    // 31 Dec 2025 14:00 UTC is already New Year's Day in Adelaide (UTC+10:30 in summer).
    assert.equal(formatDateTimeIn(new Date('2025-12-31T14:00:00Z'), 'Australia/Adelaide'), 'Thursday 1 January 2026 at 12:30 am ACDT');
    assert.equal(formatDateTimeIn(new Date('2026-07-01T02:00:00Z'), 'Australia/Adelaide'), 'Wednesday 1 July 2026 at 11:30 am ACST');
  });
});

describe('renderEmail in Tamil', () => {
  const tamil = renderEmail({ subject: 'வணக்கம்', lang: 'ta', blocks: [{ type: 'paragraph', text: 'வணக்கம் கவி,' }] }, brand);

  it('marks the page lang="ta" and writes the frame (band, footer, signature) in Tamil', () => {
    assert.ok(tamil.html.includes('<html lang="ta">'));
    assert.ok(!tamil.html.includes('Adelaide Tamil Association'));
    assert.equal((tamil.html.match(/அடிலெய்டு தமிழ்ச் சங்கம்/g) ?? []).length, 2);
    assert.ok(tamil.text.endsWith('-- \nஅடிலெய்டு தமிழ்ச் சங்கம்\nhttps://tamil.example.org\n'));
  });

  it('English is the default and lang "en" renders the same bytes; a brand of another name is kept', () => {
    assert.deepEqual(renderEmail({ ...content, lang: 'en' }, brand), renderEmail(content, brand));
    const other = renderEmail({ subject: 'x', lang: 'ta', blocks: [] }, { name: 'Pongal Committee' });
    assert.ok(other.text.endsWith('-- \nPongal Committee\n'));
  });

  it('formats dates with Tamil month names in Adelaide time', () => {
    const when = new Date('2026-11-25T14:19:00Z');
    assert.equal(formatDateTimeIn(when, 'Australia/Adelaide', 'ta'), 'வியாழன், 26 நவம்பர், 2026 அன்று 00:49 (அடிலெய்டு நேரம்)');
    assert.equal(formatDateTimeIn(when, 'Australia/Adelaide'), formatDateTimeIn(when, 'Australia/Adelaide', 'en'));
  });
});
