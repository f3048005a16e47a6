import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { setLang } from '@tca/ui/i18n';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { Pager } = await import('./pager.js');
const { LoadFailure } = await import('./load-failure.js');
const { failureText } = await import('./failure-text.js');
const { roleLabel, roleDescription, rolesEither } = await import('./roles.js');
const { adelaideMoment } = await import('./paging.js');
const { ConfirmDialog } = await import('./confirm-dialog.js');
const { httpFailure } = await import('@tca/ui/testing/api-doubles');

const noop = () => undefined;

test('the shared staff parts speak Tamil on a Tamil page', async () => {
  await setLang('ta', { remember: false });
  try {
    const pager = renderToStaticMarkup(<Pager page={2} pages={5} label="பக்கங்கள்" onPage={noop} />);
    assert.match(pager, /முந்தைய பக்கம்/);
    assert.match(pager, /பக்கம் 2 \/ 5/);
    assert.match(pager, /அடுத்த பக்கம்/);
    assert.doesNotMatch(pager, /Previous|Next|Page/);
    const failure = renderToStaticMarkup(<LoadFailure title="ஏற்ற முடியவில்லை." detail="" onRetry={noop} />);
    assert.match(failure, />மீண்டும் முயலுங்கள்</);
    assert.doesNotMatch(failure, /Try again/);
    assert.match(failureText({ kind: 'network' } as Parameters<typeof failureText>[0]), /சேவையக/);
    // A service's known message in Tamil; its own other words as they came.
    assert.match(failureText(httpFailure(409, 'Conflict', { error: 'last_owner', message: 'The site must keep at least one owner: make someone else an owner first.' })), /உரிமையாளர்/);
    assert.equal(failureText(httpFailure(409, 'Conflict', { error: 'x', message: 'Something else.' })), 'Something else.');
    assert.equal(roleLabel('treasurer'), 'பொருளாளர்');
    assert.match(roleDescription('editor'), /இடுகை/);
    assert.equal(rolesEither(['owner', 'support']), 'உரிமையாளர் அல்லது உதவி');
    assert.match(adelaideMoment('2026-11-27T04:35:00.000Z'), /2026/);
    assert.doesNotMatch(adelaideMoment('2026-11-27T04:35:00.000Z'), /Nov|pm/);
  } finally {
    await setLang('en', { remember: false });
  }
  assert.match(renderToStaticMarkup(<Pager page={1} pages={2} label="Pages" onPage={noop} />), /Page 1 of 2/);
  assert.equal(roleLabel('membership_officer'), 'Membership officer');
  assert.equal(rolesEither(['owner', 'support']), 'Owner or Support');
  assert.equal(adelaideMoment('2026-11-27T04:35:00.000Z'), '27 Nov 2026, 3:05 pm');
});

test('a confirmation on a Tamil page marks the value in its title as written (lang="en"), not a Tamil-script one', async () => {
  await setLang('ta', { remember: false });
  try {
    const dialog = (written: string) =>
      renderToStaticMarkup(<ConfirmDialog title={`“${written}” இடுகையை நீக்கவா?`} written={written} description="இதைத் திரும்பப் பெற முடியாது." confirmLabel="நீக்கு" busy={false} onConfirm={noop} onCancel={noop} />);
    assert.match(dialog('Pongal Festival'), /<h2[^>]*>“<span lang="en">Pongal Festival<\/span>” இடுகையை நீக்கவா\?<\/h2>/);
    assert.match(dialog('பொங்கல் விழா'), /<h2[^>]*>“பொங்கல் விழா” இடுகையை நீக்கவா\?<\/h2>/);
  } finally {
    await setLang('en', { remember: false });
  }
  // In English, the title alone.
  assert.match(renderToStaticMarkup(<ConfirmDialog title="Delete “Pongal Festival”?" written="Pongal Festival" description="" confirmLabel="Delete" busy={false} onConfirm={noop} onCancel={noop} />), /<h2[^>]*>Delete “Pongal Festival”\?<\/h2>/);
});
