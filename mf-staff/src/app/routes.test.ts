import { test } from 'node:test';
import { assertRemoteOffersItsPages } from '@tca/ui/testing/remote-pages';
import { pages } from './routes.js';

test('the routes module offers exactly the staff pages', () => {
  assertRemoteOffersItsPages('staff', pages);
});
