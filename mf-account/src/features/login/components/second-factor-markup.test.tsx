import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import { controlTag as control, labels, prepareUiRendering } from '@tca/ui/testing/markup';

// Built on @tca/ui with CSS Modules, which only Rspack understands.
prepareUiRendering();

const { CodeForm } = await import('./code-form.js');
const { EnrolForm, EnrolSteps } = await import('./enrol-form.js');
const { RecoveryCodesForm } = await import('./recovery-codes-form.js');
const { LoginForm } = await import('./login-form.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/login']}>{node}</MemoryRouter>);
const ignore = () => undefined;
const challenge = 'ch_abc';
const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };
const codes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', 'aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq'];

test('Enter your code: a labelled one-time-code field for digits, its hint, the recovery-code switch, Verify', () => {
  const html = render(<CodeForm challenge={challenge} onSignedIn={ignore} onRestart={ignore} />);
  assert.match(html, /<form[^>]*aria-labelledby="([^"]+)"[^>]*>[\s\S]*<h2 id="\1"[^>]*>Enter your code<\/h2>/);
  const id = labels(html).get('6-digit code *') ?? '';
  const input = control(html, id);
  assert.match(input, /inputMode="numeric"/i);
  assert.match(input, /autoComplete="one-time-code"/i);
  assert.match(input, /type="text"/);
  assert.match(input, new RegExp(`aria-describedby="${id}-hint"`), 'the hint is named (the error joins it once there is one)');
  assert.match(html, /<button type="button"[^>]*>Use a recovery code instead<\/button>/);
  assert.match(html, /<button type="submit"[^>]*>Verify<\/button>/);
  assert.match(html, /<button type="button"[^>]*>Start again with your password<\/button>/);
});

test('Set up your authenticator app: the heading can take focus; the key is asked for first', () => {
  const html = render(<EnrolForm challenge={challenge} onEnrolled={ignore} onRestart={ignore} />);
  assert.match(html, /<h2 id="[^"]+" tabindex="-1"[^>]*>Set up your authenticator app<\/h2>/i);
  assert.match(html, /role="status"[^>]*>Preparing your key…/);
});

test('the enrolment steps: the QR code with a meaningful alt, the key in groups with Copy, the code field and Confirm', () => {
  const html = render(<EnrolSteps challenge={challenge} setup={setup} onEnrolled={ignore} onRestart={ignore} />);
  assert.equal(html.match(/<li><h3/g)?.length, 3);
  assert.match(html, /<img[^>]*src="data:image\/svg\+xml;base64,PHN2Zy8\+"[^>]*alt="QR code for your authenticator app: it adds this site and your account"/);
  assert.match(html, /<code[^>]*>JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP<\/code>/);
  assert.match(html, /<button type="button"[^>]*>Copy key<\/button>/);
  const input = control(html, labels(html).get('6-digit code *') ?? '');
  assert.match(input, /inputMode="numeric"[^>]*autoComplete="one-time-code"|autoComplete="one-time-code"[^>]*inputMode="numeric"/i);
  assert.match(html, /<button type="submit"[^>]*>Confirm and sign in<\/button>/);
});

test('Save your recovery codes: the ten codes, Copy, Download, the checkbox, and Continue disabled until it is ticked', () => {
  const html = render(<RecoveryCodesForm codes={codes} email="owner@example.org" onContinue={ignore} />);
  assert.match(html, /<h2 id="[^"]+" tabindex="-1"[^>]*>Save your recovery codes<\/h2>/i);
  assert.equal(html.match(/<li><code>[a-z0-9]{5}-[a-z0-9]{5}<\/code><\/li>/g)?.length, 10);
  assert.match(html, /<button type="button"[^>]*>Copy codes<\/button>/);
  assert.match(html, /<button type="button"[^>]*>Download \(\.txt\)<\/button>/);
  assert.match(control(html, labels(html).get('I have saved these codes') ?? ''), /type="checkbox"/);
  const hint = /<p id="([^"]+)"[^>]*>Tick the box once the codes are saved\.<\/p>/.exec(html)?.[1] ?? 'missing';
  assert.match(html, new RegExp(`<button type="submit" class="tca-button" disabled="" aria-describedby="${hint}">Continue</button>`));
});

test('the password step unchanged for members; back from an ended second step it says why', () => {
  const plain = render(<LoginForm onForgotPassword={ignore} focusOnMount={false} onSecondFactor={ignore} />);
  assert.doesNotMatch(plain, /role="alert"/);
  const notice = 'This sign-in has expired or was already completed. Please log in again.';
  const back = render(<LoginForm onForgotPassword={ignore} focusOnMount onSecondFactor={ignore} notice={notice} email="owner@example.org" />);
  assert.match(back, /<div tabindex="-1" role="alert"[^>]*><p[^>]*>This sign-in has expired or was already completed\. Please log in again\.<\/p><\/div>/);
  // react-hook-form fills the e-mail in through the field's ref in the browser (the browser test checks it).
});

test('the second step in Tamil: Enter your code, the enrolment steps and the recovery codes in Tamil', async () => {
  const { setLang } = await import('@tca/ui/i18n');
  await setLang('ta', { remember: false });
  try {
    const code = render(<CodeForm challenge={challenge} onSignedIn={ignore} onRestart={ignore} />);
    assert.match(code, /<h2 id="[^"]+"[^>]*>உங்கள் குறியீட்டை உள்ளிடுங்கள்<\/h2>/);
    assert.ok(labels(code).has('6 இலக்கக் குறியீடு *'));
    assert.match(code, /<button type="submit"[^>]*>சரிபார்க்க<\/button>/);
    const steps = render(<EnrolSteps challenge={challenge} setup={setup} onEnrolled={ignore} onRestart={ignore} />);
    assert.match(steps, /உங்கள் சாவி \(ஸ்கேன் செய்ய முடியாவிட்டால்/);
    const saved = render(<RecoveryCodesForm codes={codes} email="owner@example.org" onContinue={ignore} />);
    assert.match(saved, />உங்கள் மீட்புக் குறியீடுகளைச் சேமியுங்கள்<\/h2>/);
    const back = render(<LoginForm onForgotPassword={ignore} focusOnMount={false} onSecondFactor={ignore} notice="This sign-in has expired or was already completed. Please log in again." />);
    assert.match(back, /மீண்டும் உள்நுழையுங்கள்/);
    for (const html of [code, steps, saved, back]) {
      for (const english of ['Enter your code', 'Verify', 'Your key', 'Open your authenticator app', 'Save your recovery codes', 'Continue', 'Please log in again']) assert.ok(!html.includes(english), english);
    }
  } finally {
    await setLang('en', { remember: false });
  }
});
