import assert from 'node:assert/strict';
import { REMOTE_PAGES, type RemoteName, type RemotePage } from '@tca/contracts';

/**
 * For each remote's routes test: fails unless the `pages` its `./routes` module exposes are exactly
 * the pages REMOTE_PAGES gives that remote, each with a function that loads its code.
 */
export function assertRemoteOffersItsPages(remote: RemoteName, pages: Readonly<Record<string, RemotePage>>): void {
  assert.deepEqual(Object.keys(pages).sort(), [...REMOTE_PAGES[remote]].sort());
  for (const page of Object.values(pages)) assert.equal(typeof page.load, 'function', 'each page loads its code');
}
