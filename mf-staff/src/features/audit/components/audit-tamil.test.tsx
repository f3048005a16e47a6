import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { AUDIT_ACTIONS, CONTENT_AUDIT_ACTIONS, PAYMENTS_AUDIT_ACTIONS } from '@tca/contracts';
import { setLang } from '@tca/ui/i18n';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';
import type { FeedEntry } from '../audit-feed.js';

prepareBrowserlessPages();
const { AuditTable } = await import('./audit-panel.js');
const { AuditFiltersForm } = await import('./audit-filters.js');
const { actionLabel, checkFilters, NO_FILTERS, whatOptions } = await import('../audit-feed.js');
const { auditCatalog } = await import('../messages.js');
const { knownText } = await import('../../../shared/known-text.js');
const { englishWords } = await import('../../../shared/english-words.js');

const entry: FeedEntry = { id: '9', at: '2026-03-01T13:31:00.000Z', actorUserId: '1', ip: null, actorEmail: 'editor@example.org', action: 'post_published', target: 'post:pongal', summary: 'status draft -> published', source: 'content' };
const TAMIL = /[\u0B80-\u0BFF]/;

test('every action of the three services has its name in the catalog', () => {
  for (const action of [...AUDIT_ACTIONS, ...CONTENT_AUDIT_ACTIONS, ...PAYMENTS_AUDIT_ACTIONS]) assert.ok(Object.hasOwn(auditCatalog.english, `action.${action}`), action);
});

test('the audit log in Tamil: columns, action and area names, dates; the services’ targets and summaries marked English', async () => {
  await setLang('ta', { remember: false });
  try {
    const html = renderToStaticMarkup(<AuditTable entries={[entry]} />);
    assert.match(html, /<th scope="col">எப்போது \(அடிலெய்டு\)<\/th>/);
    assert.match(html, /<strong>இடுகை வெளியிடப்பட்டது<\/strong><span[^>]*>இணையதள உள்ளடக்கம் · <span lang="en">post:pongal<\/span>/);
    assert.match(html, /<td data-label="மாற்றம்" lang="en">status draft -&gt; published<\/td>/);
    // Who, as recorded (an address, or a system actor such as cli:root), is marked English too.
    assert.match(renderToStaticMarkup(<AuditTable entries={[{ ...entry, actorEmail: 'cli:root' }]} />), /<td data-label="யார்" lang="en">cli:root<\/td>/);
    assert.doesNotMatch(html, /Mar|am</);
    assert.deepEqual(englishWords(html), []);
    const form = renderToStaticMarkup(<AuditFiltersForm applied={NO_FILTERS} busy={false} onApply={() => undefined} />);
    assert.match(form, /பதிவை வடிகட்டுங்கள்/);
    assert.deepEqual(englishWords(form, ['YYYY', 'MM', 'DD']), []);
    for (const group of whatOptions()) for (const option of group.options) assert.match(option.label, TAMIL, option.value);
    assert.equal(actionLabel('sign_in'), 'உள்நுழைந்தார்');
    const checked = checkFilters({ ...NO_FILTERS, from: '2026-03-02', to: '2026-03-01' });
    assert.ok(!checked.ok && TAMIL.test(knownText(checked.errors.to ?? '', auditCatalog)));
  } finally {
    await setLang('en', { remember: false });
  }
  assert.equal(actionLabel('sign_in'), 'Signed in');
});
