import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REMOTE_PAGES, type RemotePage } from '@tca/contracts';
import { assertRemoteOffersItsPages } from './remote-pages.js';

const page: RemotePage = { load: async () => () => null };
const accountPages = Object.fromEntries(REMOTE_PAGES.account.map((id) => [id, page]));

test('a remote that offers exactly its pages, each with a loader, passes', () => {
  assert.doesNotThrow(() => assertRemoteOffersItsPages('account', accountPages));
});

test('a missing page, a page of another remote or a page without a loader fails', () => {
  const { login: _login, ...withoutLogin } = accountPages;
  assert.throws(() => assertRemoteOffersItsPages('account', withoutLogin), assert.AssertionError);
  assert.throws(() => assertRemoteOffersItsPages('account', { ...accountPages, home: page }), assert.AssertionError);
  const withoutLoader = { ...accountPages, login: {} as RemotePage };
  assert.throws(() => assertRemoteOffersItsPages('account', withoutLoader), assert.AssertionError);
});
