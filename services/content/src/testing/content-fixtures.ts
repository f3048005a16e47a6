import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** A small SVG (vector: rasterised to every variant width). */
export function svgPicture(fill: string, width = 200, height = 100): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${fill}"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`);
}

/** A PNG of `width`×`height` pixels. */
export function pngPicture(width: number, height: number, rgb: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: rgb } }).png().toBuffer();
}

export interface FolderSpec {
  posts?: Record<string, string>;
  events?: unknown;
  team?: unknown;
  sponsors?: unknown;
  gallery?: unknown;
  images?: Record<string, Buffer>;
  /** Extra raw files (path → text), e.g. a broken events.json. */
  raw?: Record<string, string>;
}

/** Writes a content folder in the import format; `cleanup` removes it. */
export async function writeContentFolder(spec: FolderSpec, dir?: string): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'content-folder-')));
  await mkdir(root, { recursive: true });
  if (spec.posts) {
    await mkdir(join(root, 'posts'), { recursive: true });
    for (const [name, text] of Object.entries(spec.posts)) await writeFile(join(root, 'posts', name), text);
  }
  for (const section of ['events', 'team', 'sponsors', 'gallery'] as const) {
    if (spec[section] !== undefined) await writeFile(join(root, `${section}.json`), JSON.stringify(spec[section], null, 2));
  }
  if (spec.images) {
    await mkdir(join(root, 'images'), { recursive: true });
    for (const [name, bytes] of Object.entries(spec.images)) await writeFile(join(root, 'images', name), bytes);
  }
  for (const [path, text] of Object.entries(spec.raw ?? {})) await writeFile(join(root, path), text);
  return { dir: root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** A complete, valid folder: two posts, three events, two team members, two sponsors, one gallery event. */
export async function sampleFolder(): Promise<FolderSpec> {
  return {
    posts: {
      'pongal-2026.md': '---\nname: Pongal celebration\ndate: today-3\nimage: pongal.svg\nimageAlt: A pot of pongal\n---\n\n# Pongal\n\nWe met at the **park**. See [photos](https://example.org/photos).\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n',
      'welcome.md': '---\nname: Welcome\ndate: 2025-06-01\n---\nHello *everyone*.\n',
    },
    events: [
      { key: 'tamil-new-year', name: 'Tamil New Year', description: 'Music and food', date: 'today+14', time: '18:30', location: 'Adelaide Town Hall', images: ['stage.png', 'pongal.svg'], imageAlts: ['The stage'], eventLink: 'https://tickets.example.org/tny' },
      { key: 'film-night', name: 'Film night', description: 'A Tamil classic', date: 'today-1', endDate: 'today+1', location: 'Mercury Cinema', images: [] },
      { key: 'old-picnic', name: 'Old picnic', description: 'Done', date: '2024-01-10', location: 'Botanic Park', images: [], status: 'Active' },
      { key: 'secret-draft', name: 'Draft event', description: '', date: 'today+30', location: '', images: [], status: 'Draft' },
    ],
    team: [
      { key: 'treasurer', name: 'Bala', designation: 'Treasurer', description: 'Keeps the books', order: 2 },
      { key: 'president', name: 'Anbu', designation: 'President', description: 'Leads', image: 'stage.png', imageAlt: '', order: 1 },
    ],
    sponsors: [
      { key: 'spice-shop', name: 'Spice & Co', image: 'pongal.svg', link: 'https://spice.example.org' },
      { key: 'bank', name: 'Community Bank' },
    ],
    gallery: [
      { key: 'deepavali-2025', name: 'Deepavali 2025', date: '2025-10-20', images: ['stage.png'] },
      { key: 'pongal-2026', name: 'Pongal 2026', date: 'today-3', images: ['pongal.svg', 'stage.png'] },
    ],
    images: { 'pongal.svg': svgPicture('#c2410c'), 'stage.png': await pngPicture(800, 600, { r: 20, g: 90, b: 160 }) },
  };
}
