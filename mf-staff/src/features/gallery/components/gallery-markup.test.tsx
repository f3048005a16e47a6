import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@tca/ui/router';
import type { StaffAlbum } from '@tca/contracts';
import { prepareBrowserlessPages } from '@tca/ui/testing/markup';

prepareBrowserlessPages();

const { AlbumRows } = await import('./albums-list.js');
const { AlbumEditor, StaleAlbumNotice } = await import('./album-editor.js');

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter initialEntries={['/staff/gallery']}>{node}</MemoryRouter>);
const photo = (id: string, alt: string) => ({ id: id.repeat(64), url: `/uploads/${id}-1280.webp`, thumbUrl: `/uploads/${id}-320.webp`, alt, width: 1280, height: 960 });
const album: StaffAlbum = {
  key: 'pongal-2027',
  name: 'Pongal 2027',
  date: '2027-01-15',
  photoCount: 2,
  thumbUrl: '/uploads/a-320.webp',
  updatedAt: '2027-01-16T00:00:00.000Z',
  version: 4,
  photos: [photo('a', 'Kolam at the door'), photo('b', '')],
};

test('the album list: a row per album with its link, date and photo count; no table (a list at every width)', () => {
  const html = render(<AlbumRows albums={[album]} />);
  assert.match(html, /<a href="\/staff\/gallery\/pongal-2027"[^>]*>Pongal 2027<\/a>/);
  assert.match(html, /2027-01-15/);
  assert.match(html, /aria-label="Edit Pongal 2027"/);
  assert.doesNotMatch(html, /<table/);
  assert.match(render(<AlbumRows albums={[]} />), /no albums yet/);
});

test('the editor: labelled fields, the multiple file input with its hint, the photos in order with their controls', () => {
  const html = render(<AlbumEditor album={album} />);
  assert.match(html, /<h1[^>]*>Album: Pongal 2027<\/h1>/);
  assert.match(html, /<input[^>]*type="file"[^>]*multiple=""[^>]*accept="[^"]*image\/svg\+xml/);
  assert.match(html, /<label for="[^"]+"[^>]*>Choose photos<\/label>/);
  assert.match(html, /<ol[^>]*aria-label="Photos in display order"/);
  // Named by the alt text, or by place while it has none.
  assert.match(html, /aria-label="Move down: Kolam at the door"/);
  assert.match(html, /aria-label="Remove: photo 2 \(no alt text yet\)"/);
  assert.match(html, /Missing: say what the photo shows/);
  assert.ok(html.indexOf('a-320.webp') < html.indexOf('b-320.webp'), 'the photos in their order');
  const fresh = render(<AlbumEditor album={null} />);
  assert.match(fresh, /Create album/);
  assert.doesNotMatch(fresh, /Choose photos/, 'photos come once the album exists');
});

test("a 409 says who changed what and offers Reload", () => {
  const html = render(<StaleAlbumNotice stale={{ error: 'stale', message: 'm', current: { ...album, name: 'Thai Pongal' }, changed: ['name', 'photos'] }} onReload={() => undefined} />);
  assert.match(html, /Someone changed this album since you opened it/);
  assert.match(html, /They changed the name and photos\./);
  assert.match(html, /Thai Pongal/);
  assert.match(html, />Reload</);
});
