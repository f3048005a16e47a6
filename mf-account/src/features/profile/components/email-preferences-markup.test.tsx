import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { prepareUiRendering } from '@tca/ui/testing/markup';

// Built on @tca/ui with CSS Modules, which only Rspack understands.
prepareUiRendering();

const { EmailPreferencesView } = await import('./email-preferences.js');
const ignore = () => undefined;

test('E-mail preferences: the setting in a status region and the button that changes it; a failure says so', () => {
  const subscribed = renderToStaticMarkup(<EmailPreferencesView state={{ kind: 'ready', subscribed: true }} busy={false} failure={false} onChange={ignore} />);
  assert.match(subscribed, /<h2 id="email-preferences-title"[^>]*>E-mail preferences<\/h2>/);
  assert.match(subscribed, /role="status"><strong>Association announcements: Subscribed<\/strong>/);
  assert.match(subscribed, /<button type="button"[^>]*>Unsubscribe<\/button>/);
  assert.match(subscribed, /Receipts, password resets and replies to your messages always reach you./);
  const unsubscribed = renderToStaticMarkup(<EmailPreferencesView state={{ kind: 'ready', subscribed: false }} busy={true} failure={true} onChange={ignore} />);
  assert.match(unsubscribed, /Association announcements: Unsubscribed/);
  assert.match(unsubscribed, /<button type="button"[^>]*aria-disabled="true"[^>]*>Subscribe again<\/button>/);
  assert.match(unsubscribed, /could not be loaded or changed/);
  const loading = renderToStaticMarkup(<EmailPreferencesView state={{ kind: 'loading' }} busy={false} failure={false} onChange={ignore} />);
  assert.match(loading, /Loading.../);
  assert.doesNotMatch(loading, /<button/);
});
