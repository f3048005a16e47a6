import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import type { ImageMeta } from '@tca/contracts';
import type { PoolClient } from '@tca/service-kit';
import { instantToSite } from '../site-dates.js';
import { publicTamil } from '../tamil-texts.js';
import {
  beginReadOnlySnapshot,
  blogPostsForExport,
  commitTransaction,
  eventsForExport,
  galleryEventsForExport,
  imageSources,
  rollbackTransaction,
  sponsorsForExport,
  teamMembersForExport,
} from '../../data-access/content-import-repository.js';

export interface ExportReport {
  dir: string;
  counts: { posts: number; events: number; team: number; sponsors: number; gallery: number; images: number };
}

/**
 * Writes everything published into `dir` (which must be empty or new) in the import format: absolute dates,
 * the original pictures under images/. Importing the result into the same database changes nothing.
 */
export async function exportContent(client: PoolClient, dir: string): Promise<ExportReport> {
  const existing = await readdir(dir).catch(() => []);
  if (existing.length > 0) throw new Error(`${dir} is not empty; export into a new or empty folder`);
  await mkdir(join(dir, 'posts'), { recursive: true });
  await mkdir(join(dir, 'images'), { recursive: true });

  // One read-only snapshot of everything.
  await beginReadOnlySnapshot(client);
  try {
    const names = new Map<string, string>();
    const used = new Set<string>();
    const sources = await imageSources(client);
    for (const source of sources) {
      let name = source.file_name;
      if (used.has(name)) name = `${name.slice(0, name.length - extname(name).length)}-${source.hash.slice(0, 8)}${extname(name)}`;
      used.add(name);
      names.set(source.hash, name);
      await writeFile(join(dir, 'images', name), source.bytes);
    }
    const fileOf = (hash: string | null) => (hash ? names.get(hash) : undefined);

    const posts = await blogPostsForExport(client);
    for (const post of posts) {
      const local = instantToSite(post.published_at);
      const front: Record<string, unknown> = { name: post.name, date: local.time === '12:00:00' ? local.date : post.published_at.toISOString() };
      const image = fileOf(post.image_hash);
      if (image) {
        front.image = image;
        front.imageAlt = post.image_meta?.alt ?? '';
      } else if (post.cover_alt) front.imageAlt = post.cover_alt;
      // Drafts and scheduled posts (the staff editor's) say so; a published post's front matter is as before.
      if (post.status !== 'published') front.status = post.status;
      if (post.status === 'scheduled' && post.publish_at) front.publishAt = post.publish_at.toISOString();
      // The Tamil versions, where the post has them (the body as a YAML block).
      Object.assign(front, publicTamil({ name: post.name_ta, body: post.description_ta }));
      await writeFile(join(dir, 'posts', `${post.key}.md`), `---\n${toYaml(front)}---\n\n${post.description}\n`);
    }

    const imagesOf = (hashes: string[], metas: ImageMeta[]) => {
      const images: string[] = [];
      const imageAlts: string[] = [];
      hashes.forEach((hash, index) => {
        const file = fileOf(hash);
        if (!file) return;
        images.push(file);
        imageAlts.push(metas[index]?.alt ?? '');
      });
      return { images, imageAlts };
    };
    const writeJson = (file: string, data: unknown) => writeFile(join(dir, file), `${JSON.stringify(data, null, 2)}\n`);

    const events = await eventsForExport(client);
    await writeJson(
      'events.json',
      events.map((e) => ({
        key: e.key, name: e.name, description: e.description, date: e.starts_on,
        ...(e.ends_on ? { endDate: e.ends_on } : {}), ...(e.time ? { time: e.time } : {}),
        location: e.location, ...imagesOf(e.image_hashes, e.image_meta), ...(e.event_link ? { eventLink: e.event_link } : {}), status: e.status,
        ...publicTamil({ name: e.name_ta, description: e.description_ta, location: e.location_ta }),
      })),
    );

    const team = await teamMembersForExport(client);
    await writeJson(
      'team.json',
      team.map((m) => {
        const image = fileOf(m.image_hash);
        return { key: m.key, name: m.name, designation: m.designation, description: m.description, ...(image ? { image } : {}), ...(image || m.image_alt ? { imageAlt: m.image_alt } : {}), order: m.sort_order,
          ...publicTamil({ name: m.name_ta, designation: m.designation_ta, description: m.description_ta }),
        };
      }),
    );

    const sponsors = await sponsorsForExport(client);
    await writeJson(
      'sponsors.json',
      sponsors.map((s) => {
        const image = fileOf(s.image_hash);
        return { key: s.key, name: s.name, ...(image ? { image } : {}), ...(image || s.image_alt ? { imageAlt: s.image_alt } : {}), ...(s.link ? { link: s.link } : {}), ...publicTamil({ name: s.name_ta }) };
      }),
    );

    const gallery = await galleryEventsForExport(client);
    await writeJson('gallery.json', gallery.map((g) => ({ key: g.key, name: g.name, date: g.event_date, ...imagesOf(g.image_hashes, g.image_meta), ...publicTamil({ name: g.name_ta }) })));
    await commitTransaction(client);
    return { dir, counts: { posts: posts.length, events: events.length, team: team.length, sponsors: sponsors.length, gallery: gallery.length, images: sources.length } };
  } catch (err) {
    await rollbackTransaction(client).catch(() => undefined);
    throw err;
  }
}
