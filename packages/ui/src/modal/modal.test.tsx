import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';

// The modal imports a CSS Module, which only Rspack understands: with the stub each class is its own name.
register('@tca/ui/testing/css-module-stub', import.meta.url);
const { Modal } = await import('./modal.js');

const noop = () => undefined;

test('the dialog is named by its title and has a Close button; the body holds the content', () => {
  const html = renderToStaticMarkup(
    <Modal title="Meera Raman" onClose={noop}>
      <p>Treasurer</p>
    </Modal>,
  );
  const titleId = /<dialog class="dialog" aria-labelledby="([^"]+)">/.exec(html)?.[1];
  assert.ok(titleId, 'aria-labelledby');
  assert.match(html, new RegExp(`<h2 id="${titleId}" class="title">Meera Raman</h2>`));
  assert.match(html, /<button type="button" class="close" aria-label="Close"><span aria-hidden="true">×<\/span><\/button>/);
  assert.match(html, /<div class="body"><p>Treasurer<\/p><\/div>/);
  assert.doesNotMatch(html, /aria-describedby|class="footer"/);
});

test('a description describes the dialog; a footer sits under the body', () => {
  const html = renderToStaticMarkup(
    <Modal title="Sign out of all devices?" description="This ends your session everywhere." onClose={noop} footer={<button type="button">Cancel</button>} />,
  );
  const describedBy = /<dialog[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
  assert.ok(describedBy, 'aria-describedby');
  assert.match(html, new RegExp(`<div class="body"><p id="${describedBy}" class="description">This ends your session everywhere.</p></div>`));
  assert.match(html, /<\/div><div class="footer"><button type="button">Cancel<\/button><\/div><\/div><\/dialog>$/);
});
