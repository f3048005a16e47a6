import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { labels } from '../testing/markup.js';
import type { FieldRegistration } from './fields.js';

// The fields import a CSS Module, which only Rspack understands: with the stub each class is its own name.
register('@tca/ui/testing/css-module-stub', import.meta.url);
const { Banner, CheckboxField, Field, fieldClasses, FieldGrid, Honeypot, PasswordField, PhoneField, RequiredNote, SelectField, TextAreaField, TextField } =
  await import('./fields.js');

/** What react-hook-form's register(name) hands a control, as far as markup goes. */
const reg = (name: string): FieldRegistration => ({ name, onChange: () => undefined, onBlur: () => undefined, ref: () => undefined });

/** The `<tag …>` whose id is `id`. */
function element(html: string, id: string): string {
  const match = new RegExp(`<(input|select|textarea|p)[^>]*id="${id}"[^>]*>`).exec(html);
  assert.ok(match, `element ${id}`);
  return match[0];
}

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

test('a text field is labelled, marked required, and names its error then its hint while invalid', () => {
  const valid = renderToStaticMarkup(<TextField label="Email" type="email" required autoComplete="email" registration={reg('email')} />);
  const id = labels(valid).get('Email *') ?? '';
  const input = element(valid, id);
  assert.match(input, /type="email"/);
  assert.match(input, /name="email"/);
  assert.match(input, /required=""/);
  assert.match(input, /spellCheck="false"/);
  assert.doesNotMatch(input, /aria-invalid|aria-describedby/);
  assert.match(valid, /<span class="required" aria-hidden="true"> \*<\/span>/);

  const invalid = renderToStaticMarkup(<TextField label="Phone" type="tel" registration={reg('phone')} error="Phone is required" hint="e.g. 0412 345 678" />);
  const phoneId = labels(invalid).get('Phone') ?? '';
  const phone = element(invalid, phoneId);
  assert.match(phone, /aria-invalid="true"/);
  const [errorId, hintId] = (attribute(phone, 'aria-describedby') ?? '').split(' ');
  assert.match(element(invalid, errorId ?? ''), /class="error"/);
  assert.match(invalid, new RegExp(`id="${errorId}" class="error">Phone is required</p>`));
  assert.match(invalid, new RegExp(`id="${hintId}" class="hint">e.g. 0412 345 678</p>`));
  // On screen the control comes first, then its hint, then its error (read first: aria-describedby above).
  assert.ok(invalid.indexOf('<input') < invalid.indexOf('e.g. 0412'));
  assert.ok(invalid.indexOf('e.g. 0412') < invalid.indexOf('Phone is required'));
  assert.match(invalid, new RegExp(`<div class="errorSpace"><p id="${errorId}" class="error">`));
});

test('every field keeps the space for its error, empty while it is valid, so an error appearing moves nothing below it', () => {
  const lines = (html: string) => html.match(/<div class="errorSpace">(.*?)<\/div>/g) ?? [];
  const valid = renderToStaticMarkup(
    <>
      <TextField label="Email" registration={reg('email')} />
      <PasswordField label="Password" autoComplete="new-password" registration={reg('password')} hint="At least 8 characters" />
      <SelectField label="Issue type" options={[]} registration={reg('issueType')} />
      <TextAreaField label="Message" registration={reg('message')} />
      <PhoneField label="Phone" countryCodes={['+61']} registration={reg('phone')} countryRegistration={reg('countryCode')} />
      <CheckboxField registration={reg('terms')}>I accept</CheckboxField>
    </>,
  );
  assert.deepEqual(lines(valid), Array<string>(6).fill('<div class="errorSpace"></div>'));

  const invalid = renderToStaticMarkup(
    <>
      <TextField label="Email" registration={reg('email')} error="Invalid email format" />
      <CheckboxField registration={reg('terms')} error="Please accept the terms">
        I accept
      </CheckboxField>
    </>,
  );
  assert.equal(lines(invalid).length, 2);
  assert.match(lines(invalid)[0] ?? '', /class="error">Invalid email format<\/p>/);
  assert.match(lines(invalid)[1] ?? '', /class="error">Please accept the terms<\/p>/);

  // A field whose messages run longer keeps more lines.
  const long = renderToStaticMarkup(<PasswordField label="Password" autoComplete="new-password" registration={reg('password')} errorLines={3} />);
  assert.match(long, /<div class="errorSpace" style="--tca-error-lines:3"><\/div>/);
});

test('a password field has a show/hide toggle named for what it does, which never submits', () => {
  const html = renderToStaticMarkup(<PasswordField label="New Password" required autoComplete="new-password" registration={reg('password')} />);
  const id = labels(html).get('New Password *') ?? '';
  const input = element(html, id);
  assert.match(input, /type="password"/);
  assert.match(input, /autoComplete="new-password"/);
  assert.match(input, /autoCapitalize="none"/);
  assert.match(html, new RegExp(`<button type="button" class="reveal" aria-controls="${id}" aria-label="Show new password">Show</button>`));
});

test('a text area spans the grid; a select offers its placeholder and options', () => {
  const area = renderToStaticMarkup(<TextAreaField label="Message" required rows={6} maxLength={500} registration={reg('message')} />);
  assert.match(area, /<div class="field wide">/);
  assert.match(area, /<textarea[^>]*class="control textarea"[^>]*rows="6"[^>]*maxLength="500"/);

  const select = renderToStaticMarkup(
    <SelectField label="Issue type" required placeholder="Select issue type" options={[{ value: 'a', label: 'Account' }]} registration={reg('issueType')} error="Pick one" />,
  );
  const id = labels(select).get('Issue type *') ?? '';
  assert.match(element(select, id), /class="control select"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*class="control select"/);
  assert.match(select, /<option value="">Select issue type<\/option><option value="a">Account<\/option>/);
});

test('a phone field labels both its country code and its number; a country error is tied to the country', () => {
  const html = renderToStaticMarkup(
    <PhoneField label="Phone" required countryCodes={['+61', '+91']} registration={reg('phone')} countryRegistration={reg('countryCode')} countryError="Choose a code" />,
  );
  const byLabel = labels(html);
  const country = element(html, byLabel.get('Country code') ?? '');
  assert.match(country, /autoComplete="tel-country-code"/);
  assert.match(country, /aria-invalid="true"/);
  assert.match(html, new RegExp(`id="${attribute(country, 'aria-describedby')}" class="error">Choose a code</p>`));
  assert.match(html, /<option value="\+61">\+61<\/option><option value="\+91">\+91<\/option>/);
  const number = element(html, byLabel.get('Phone *') ?? '');
  assert.match(number, /type="tel"/);
  assert.match(number, /autoComplete="tel-national"/);
  assert.doesNotMatch(number, /aria-invalid/);
});

test('a checkbox has its label beside it and its error tied to it', () => {
  const html = renderToStaticMarkup(
    <CheckboxField registration={reg('termsAccepted')} error="You must accept the terms">
      I accept the terms
    </CheckboxField>,
  );
  const box = element(html, labels(html).get('I accept the terms') ?? '');
  assert.match(box, /type="checkbox"/);
  assert.match(box, /aria-invalid="true"/);
  assert.match(html, new RegExp(`id="${attribute(box, 'aria-describedby')}" class="error">You must accept the terms</p>`));
});

test('the honeypot is off screen, hidden from assistive technology, out of the tab order and never autofilled', () => {
  const html = renderToStaticMarkup(<Honeypot registration={reg('website')} />);
  assert.match(html, /^<div class="honeypot" aria-hidden="true"><label for="[^"]+">Website<\/label><input[^>]*>/);
  assert.match(html, /name="website"/);
  assert.match(html, /tabindex="-1"/i);
  assert.match(html, /autoComplete="off"/);
});

test('banners: success and info are status, error is alert, unless the page gives its own live region', () => {
  const success = renderToStaticMarkup(<Banner tone="success" title="Message Sent" />);
  assert.equal(success, '<div tabindex="-1" role="status" class="banner bannerSuccess"><p class="bannerTitle">Message Sent</p></div>');
  assert.match(renderToStaticMarkup(<Banner tone="error" title="Failed" />), /role="alert" class="banner bannerError"/);
  assert.match(renderToStaticMarkup(<Banner tone="info" title="Note" />), /role="status" class="banner bannerInfo"/);
  assert.doesNotMatch(renderToStaticMarkup(<Banner tone="error" title="Failed" role={null} />), /role=/);
});

test('the grid, the required note, and the classes a page uses for a control it draws inside Field', () => {
  assert.equal(renderToStaticMarkup(<FieldGrid>x</FieldGrid>), '<div class="grid">x</div>');
  assert.match(renderToStaticMarkup(<RequiredNote />), /Fields marked <span aria-hidden="true">\*<\/span><span class="tca-visually-hidden">with an asterisk<\/span> are required\./);
  assert.deepEqual(fieldClasses, { control: 'control', select: 'select', textarea: 'textarea' });
  const html = renderToStaticMarkup(
    <Field label="Country" required error="Pick a country">
      {(control) => <select {...control} className={fieldClasses.control} />}
    </Field>,
  );
  const select = element(html, labels(html).get('Country *') ?? '');
  assert.match(select, /required=""/);
  assert.match(select, /aria-invalid="true"/);
});

test('in Tamil: the required note, the password toggle, the country code label, the spinner and the modal\'s Close', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  const { Spinner } = await import('../spinner.js');
  const { Modal } = await import('../modal/modal.js');
  await setLang('ta', { remember: false });
  try {
    const note = renderToStaticMarkup(<RequiredNote />);
    assert.match(note, /<span aria-hidden="true">\*<\/span><span class="tca-visually-hidden">நட்சத்திரக் குறியிட்ட<\/span> புலங்களை நிரப்புவது கட்டாயம்\./);
    const password = renderToStaticMarkup(<PasswordField label="கடவுச்சொல்" autoComplete="current-password" registration={reg('password')} />);
    assert.match(password, /aria-label="கடவுச்சொல்: காட்டு">காட்டு<\/button>/);
    const phone = renderToStaticMarkup(<PhoneField label="தொலைபேசி" countryCodes={['+61']} registration={reg('phone')} countryRegistration={reg('countryCode')} />);
    assert.ok(labels(phone).has('நாட்டுக் குறியீடு'));
    assert.match(renderToStaticMarkup(<Spinner />), />ஏற்றுகிறது\.\.\.</);
    assert.match(renderToStaticMarkup(<Modal title="x" onClose={() => undefined} />), /aria-label="மூடுக"/);
    for (const html of [note, password, phone]) assert.doesNotMatch(html, /Fields marked|>Show<|Country code|Loading/);
  } finally {
    await setLang('en', { remember: false });
  }
});
