import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  ALBUM_FIELD_RULES,
  ALBUM_PHOTOS_MAX,
  albumTamilRequestSchema,
  CONTENT_KEY_MESSAGE,
  CONTENT_KEY_PATTERN,
  EVENT_FIELD_RULES,
  EVENT_IMAGES_MAX,
  eventTamilRequestSchema,
  POST_FIELD_RULES,
  POST_STATUSES,
  publishAtSchema,
  SPONSOR_FIELD_RULES,
  sponsorTamilRequestSchema,
  tamilRequestSchema,
  TEAM_FIELD_RULES,
  teamTamilRequestSchema,
  type PostStatus,
  type SiteEvent,
} from '@tca/contracts';
import type { TamilTexts } from '../tamil-texts.js';
import { resolveDate, siteTimeToInstant } from '../site-dates.js';
import { SOURCE_TYPES } from '../image-variants.js';

/**
 * The folder format operators and the seed share:
 *   posts/<key>.md (YAML front matter: name, date, image?, imageAlt?, status?, publishAt?; body: Markdown), events.json,
 *   team.json, sponsors.json, gallery.json, images/<file>.
 * Reading it validates everything and names the file and field of every problem at once.
 *
 * Tamil versions (issue 17), all optional, in a `ta` object like the public API's: a post's front matter
 * `ta: { name, body }` (body: Markdown, a YAML block `body: |`), events.json `ta: { name, description,
 * location }`, team.json `ta: { name, designation, description }`, sponsors.json and gallery.json
 * `ta: { name }`. The English fields' limits; a blank one is none.
 */

export const SECTIONS = ['posts', 'events', 'team', 'sponsors', 'gallery'] as const;
export type SectionName = (typeof SECTIONS)[number];

/** A key: the stable identity of an item (and its `_id` in the API). */
export const KEY_RE = CONTENT_KEY_PATTERN;
const KEY_MESSAGE = CONTENT_KEY_MESSAGE;

export interface ImageRef {
  /** Name of the file in the folder's images/. */
  file: string;
  alt: string;
}

export interface PostInput {
  key: string;
  name: string;
  /** Publication instant (a date alone means noon in Adelaide, the same calendar day everywhere in Australia and in UTC). */
  publishedAt: Date;
  body: string;
  image: ImageRef | null;
  /** The cover's alt text (kept also without an image, as the staff editor does). */
  imageAlt: string;
  /** `published` unless the front matter says otherwise (the staff editor's drafts and scheduled posts round-trip). */
  status: PostStatus;
  /** When a scheduled post shows itself; null unless scheduled. */
  publishAt: Date | null;
  ta: TamilTexts<'name' | 'body'>;
}

export interface EventInput {
  key: string;
  name: string;
  description: string;
  date: string;
  endDate: string | null;
  time: string | null;
  location: string;
  images: ImageRef[];
  eventLink: string | null;
  status: SiteEvent['status'];
  ta: TamilTexts<'name' | 'description' | 'location'>;
}

export interface TeamInput {
  key: string;
  name: string;
  designation: string;
  description: string;
  image: ImageRef | null;
  /** The photo's alt text (kept also without a photo, as the staff editor does). */
  imageAlt: string;
  order: number;
  ta: TamilTexts<'name' | 'designation' | 'description'>;
}

export interface SponsorInput {
  key: string;
  name: string;
  image: ImageRef | null;
  /** The logo's alt text (kept also without a logo, as the staff editor does). */
  imageAlt: string;
  link: string | null;
  /** Position in sponsors.json. */
  order: number;
  ta: TamilTexts<'name'>;
}

export interface GalleryInput {
  key: string;
  name: string;
  date: string;
  images: ImageRef[];
  ta: TamilTexts<'name'>;
}

export interface ContentFolder {
  dir: string;
  /** Only the sections the folder has; an absent section is not touched by an import. */
  posts?: PostInput[];
  events?: EventInput[];
  team?: TeamInput[];
  sponsors?: SponsorInput[];
  gallery?: GalleryInput[];
  /** Every images/ file an item uses. */
  imageFiles: string[];
}

/** Everything wrong with a folder, one line each (`events.json: entry 2 (key "fair"): date: ...`). */
export class ContentFolderError extends Error {
  override readonly name = 'ContentFolderError';
  constructor(readonly problems: string[]) {
    super(`The content folder is not valid (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const key = z.string({ error: 'key is required' }).regex(KEY_RE, KEY_MESSAGE);
const dateText = z.string({ error: 'must be a date: YYYY-MM-DD, today, today+N or today-N' });
const imageName = z.string({ error: 'must be a file name in images/' }).trim().min(1, 'must be a file name in images/');

// The post fields follow the staff editor's rules (POST_FIELD_RULES in @tca/contracts: one schema for both).
const postFrontMatter = z
  .object({
    name: POST_FIELD_RULES.title('name'),
    date: z.union([dateText, z.date()]),
    image: imageName.nullish(),
    imageAlt: POST_FIELD_RULES.coverAlt('imageAlt').nullish(),
    status: z.enum(POST_STATUSES, `status must be one of ${POST_STATUSES.join(', ')}`).optional(),
    publishAt: z.union([publishAtSchema, z.date()]).nullish(),
    ta: tamilRequestSchema({ name: POST_FIELD_RULES.tamilTitle('ta.name'), body: POST_FIELD_RULES.body('ta.body') }).optional(),
  })
  .strict()
  .refine((front) => front.status !== 'scheduled' || Boolean(front.publishAt), { path: ['publishAt'], message: 'publishAt is required with status scheduled' });
const postBody = POST_FIELD_RULES.body('body');

// The event fields follow the staff editor's rules (EVENT_FIELD_RULES in @tca/contracts: one schema for both);
// dates here may also be relative (today+N), resolved below.
const eventEntry = z
  .object({
    key,
    name: EVENT_FIELD_RULES.name('name'),
    description: EVENT_FIELD_RULES.description('description').default(''),
    date: dateText,
    endDate: dateText.nullish(),
    time: EVENT_FIELD_RULES.time('time').nullish(),
    location: EVENT_FIELD_RULES.location('location').default(''),
    images: z.array(imageName).max(EVENT_IMAGES_MAX, `images: at most ${EVENT_IMAGES_MAX} pictures`).default([]),
    imageAlts: z.array(EVENT_FIELD_RULES.imageAlt('imageAlts entry')).optional(),
    eventLink: EVENT_FIELD_RULES.link('eventLink').nullish(),
    status: EVENT_FIELD_RULES.status('status').default('Active'),
    ta: eventTamilRequestSchema.optional(),
  })
  .strict();

// Team members and sponsors follow the staff editor's rules (TEAM_FIELD_RULES, SPONSOR_FIELD_RULES in @tca/contracts).
const teamEntry = z
  .object({
    key,
    name: TEAM_FIELD_RULES.name('name'),
    designation: TEAM_FIELD_RULES.designation('designation').default(''),
    description: TEAM_FIELD_RULES.description('description').default(''),
    image: imageName.nullish(),
    imageAlt: TEAM_FIELD_RULES.imageAlt('imageAlt').nullish(),
    order: z.number({ error: 'order must be a whole number' }).int('order must be a whole number'),
    ta: teamTamilRequestSchema.optional(),
  })
  .strict();

const sponsorEntry = z
  .object({
    key,
    name: SPONSOR_FIELD_RULES.name('name'),
    image: imageName.nullish(),
    imageAlt: SPONSOR_FIELD_RULES.imageAlt('imageAlt').nullish(),
    link: SPONSOR_FIELD_RULES.link('link').nullish(),
    ta: sponsorTamilRequestSchema.optional(),
  })
  .strict();

// The album fields follow the staff editor's rules (ALBUM_FIELD_RULES in @tca/contracts: one schema for both);
// dates here may also be relative (today+N), resolved below.
const galleryEntry = z
  .object({
    key,
    name: ALBUM_FIELD_RULES.name('name'),
    date: dateText,
    images: z.array(imageName).max(ALBUM_PHOTOS_MAX, `images: at most ${ALBUM_PHOTOS_MAX} pictures`).default([]),
    imageAlts: z.array(ALBUM_FIELD_RULES.photoAlt('imageAlts entry')).optional(),
    ta: albumTamilRequestSchema.optional(),
  })
  .strict();

function describeIssue(issue: z.core.$ZodIssue): string[] {
  const where = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => `${where ? `${where}.` : ''}${k}: unknown field`);
  return [`${where ? `${where}: ` : ''}${issue.message}`];
}

const DATE_PROBLEM = 'must be a date: YYYY-MM-DD, today, today+N or today-N';

class Collector {
  readonly problems: string[] = [];
  readonly imageFiles = new Set<string>();
  constructor(
    readonly dir: string,
    readonly availableImages: ReadonlySet<string>,
  ) {}

  add(where: string, problem: string): void {
    this.problems.push(`${where}: ${problem}`);
  }

  /** A referenced image: `name` or `images/name`, present in images/ with a supported extension. */
  image(where: string, field: string, value: string | null | undefined, alt: string): ImageRef | null {
    if (value === null || value === undefined) return null;
    const file = value.startsWith('images/') ? value.slice('images/'.length) : value;
    if (file !== basename(file) || file.startsWith('.') || file.includes('\\')) {
      this.add(where, `${field}: "${value}" must be the name of a file directly in images/`);
      return null;
    }
    if (!SOURCE_TYPES[extname(file).toLowerCase()]) {
      this.add(where, `${field}: "${value}" is not a supported picture (use ${Object.keys(SOURCE_TYPES).join(' ')})`);
      return null;
    }
    if (!this.availableImages.has(file)) {
      this.add(where, `${field}: images/${file} does not exist`);
      return null;
    }
    this.imageFiles.add(file);
    return { file, alt };
  }

  images(where: string, files: readonly string[], alts: readonly string[] | undefined, defaultAlt: (index: number, count: number) => string): ImageRef[] {
    if (alts && alts.length > files.length) this.add(where, `imageAlts: ${alts.length} texts for ${files.length} images`);
    const refs: ImageRef[] = [];
    files.forEach((file, index) => {
      const ref = this.image(where, `images.${index}`, file, alts?.[index] ?? defaultAlt(index, files.length));
      if (ref) refs.push(ref);
    });
    return refs;
  }
}

function photoAlt(name: string) {
  return (index: number, count: number) => (count > 1 ? `${name}, photo ${index + 1} of ${count}` : name);
}

async function readJsonList(collector: Collector, file: string): Promise<unknown[] | undefined> {
  const path = join(collector.dir, file);
  if (!existsSync(path)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    collector.add(file, `not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    return [];
  }
  if (!Array.isArray(data)) {
    collector.add(file, 'must be a JSON list: [ { ... }, ... ]');
    return [];
  }
  return data;
}

/** Parses every entry of a JSON list with `schema`, naming entry number and key in problems; checks unique keys. */
function parseEntries<S extends z.ZodType<{ key: string }>>(collector: Collector, file: string, list: unknown[], schema: S): Array<{ entry: z.output<S>; where: string; index: number }> {
  const parsed: Array<{ entry: z.output<S>; where: string; index: number }> = [];
  const seen = new Map<string, number>();
  list.forEach((raw, index) => {
    const rawKey = typeof raw === 'object' && raw !== null && 'key' in raw && typeof raw.key === 'string' ? raw.key : undefined;
    const where = `${file}: entry ${index + 1}${rawKey === undefined ? '' : ` (key "${rawKey}")`}`;
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) for (const line of describeIssue(issue)) collector.add(where, line);
      return;
    }
    const entryKey = result.data.key;
    const first = seen.get(entryKey);
    if (first !== undefined) collector.add(where, `key "${entryKey}" is already used by entry ${first + 1}`);
    else seen.set(entryKey, index);
    parsed.push({ entry: result.data, where, index });
  });
  return parsed;
}

function date(collector: Collector, where: string, field: string, value: string, today: string): string {
  const resolved = resolveDate(value, today);
  if (resolved === undefined) collector.add(where, `${field}: "${value}" ${DATE_PROBLEM}`);
  return resolved ?? today;
}

const FRONT_MATTER_RE = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

async function readPosts(collector: Collector, today: string): Promise<PostInput[] | undefined> {
  const postsDir = join(collector.dir, 'posts');
  if (!existsSync(postsDir)) return undefined;
  const files = (await readdir(postsDir)).filter((file) => file.endsWith('.md')).sort();
  const posts: PostInput[] = [];
  for (const file of files) {
    const where = `posts/${file}`;
    const postKey = file.slice(0, -'.md'.length);
    if (!KEY_RE.test(postKey)) {
      collector.add(where, `the file name must be ${KEY_MESSAGE}, then .md`);
      continue;
    }
    const source = await readFile(join(postsDir, file), 'utf8');
    const match = FRONT_MATTER_RE.exec(source);
    if (!match) {
      collector.add(where, 'must start with front matter between two --- lines (name, date, image?, imageAlt?)');
      continue;
    }
    let front: unknown;
    try {
      front = parseYaml(match[1] ?? '');
    } catch (err) {
      collector.add(where, `front matter is not valid YAML (${err instanceof Error ? err.message : String(err)})`);
      continue;
    }
    const result = postFrontMatter.safeParse(front ?? {});
    if (!result.success) {
      for (const issue of result.error.issues) for (const line of describeIssue(issue)) collector.add(where, line);
      continue;
    }
    const { name, date: rawDate, image, imageAlt, status = 'published', publishAt, ta = {} } = result.data;
    let publishedAt: Date | undefined;
    if (rawDate instanceof Date) publishedAt = rawDate;
    else {
      const day = resolveDate(rawDate, today);
      if (day !== undefined) publishedAt = siteTimeToInstant(day, '12:00');
      else if (z.iso.datetime({ offset: true }).safeParse(rawDate.trim()).success) publishedAt = new Date(rawDate.trim());
    }
    if (!publishedAt || Number.isNaN(publishedAt.getTime())) {
      collector.add(where, `date: "${String(rawDate)}" ${DATE_PROBLEM}, or a date-time with a time zone`);
      continue;
    }
    const body = (match[2] ?? '').replace(/^\s*\n/, '').trimEnd();
    const bodyCheck = postBody.safeParse(body);
    if (!bodyCheck.success) {
      for (const issue of bodyCheck.error.issues) collector.add(where, issue.message);
      continue;
    }
    posts.push({
      key: postKey,
      name,
      publishedAt,
      body,
      image: collector.image(where, 'image', image, imageAlt ?? ''),
      imageAlt: imageAlt ?? '',
      status,
      publishAt: status === 'scheduled' && publishAt ? new Date(publishAt) : null,
      // The Tamil body kept as the English one is (leading blank lines and trailing space dropped).
      ta: ta.body === undefined ? ta : { ...ta, body: ta.body.replace(/^\s*\n/, '').trimEnd() },
    });
  }
  return posts;
}

async function listImages(dir: string): Promise<Set<string>> {
  const imagesDir = join(dir, 'images');
  if (!existsSync(imagesDir)) return new Set();
  return new Set(await readdir(imagesDir));
}

/**
 * Reads and validates a content folder. Relative dates resolve against `today` (YYYY-MM-DD, Adelaide).
 * Throws ContentFolderError listing every problem; nothing is half-read.
 */
export async function readContentFolder(dir: string, today: string): Promise<ContentFolder> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new ContentFolderError([`${dir}: no such folder`]);
  const collector = new Collector(dir, await listImages(dir));
  const folder: ContentFolder = { dir, imageFiles: [] };

  folder.posts = await readPosts(collector, today);

  const events = await readJsonList(collector, 'events.json');
  if (events) {
    folder.events = parseEntries(collector, 'events.json', events, eventEntry).map(({ entry, where }) => {
      const start = date(collector, where, 'date', entry.date, today);
      const end = entry.endDate ? date(collector, where, 'endDate', entry.endDate, today) : null;
      if (end !== null && end < start) collector.add(where, `endDate ${end} is before date ${start}`);
      return {
        key: entry.key,
        name: entry.name,
        description: entry.description,
        date: start,
        endDate: end,
        time: entry.time ?? null,
        location: entry.location,
        images: collector.images(where, entry.images, entry.imageAlts, photoAlt(entry.name)),
        eventLink: entry.eventLink ?? null,
        status: entry.status,
        ta: entry.ta ?? {},
      };
    });
  }

  const team = await readJsonList(collector, 'team.json');
  if (team) {
    folder.team = parseEntries(collector, 'team.json', team, teamEntry).map(({ entry, where }) => ({
      key: entry.key,
      name: entry.name,
      designation: entry.designation,
      description: entry.description,
      image: collector.image(where, 'image', entry.image, entry.imageAlt ?? ''),
      imageAlt: entry.imageAlt ?? '',
      order: entry.order,
      ta: entry.ta ?? {},
    }));
  }

  const sponsors = await readJsonList(collector, 'sponsors.json');
  if (sponsors) {
    folder.sponsors = parseEntries(collector, 'sponsors.json', sponsors, sponsorEntry).map(({ entry, where, index }) => ({
      key: entry.key,
      name: entry.name,
      image: collector.image(where, 'image', entry.image, entry.imageAlt ?? entry.name),
      imageAlt: entry.imageAlt ?? (entry.image ? entry.name : ''),
      link: entry.link ?? null,
      order: index,
      ta: entry.ta ?? {},
    }));
  }

  const gallery = await readJsonList(collector, 'gallery.json');
  if (gallery) {
    folder.gallery = parseEntries(collector, 'gallery.json', gallery, galleryEntry).map(({ entry, where }) => ({
      key: entry.key,
      name: entry.name,
      date: date(collector, where, 'date', entry.date, today),
      images: collector.images(where, entry.images, entry.imageAlts, photoAlt(entry.name)),
      ta: entry.ta ?? {},
    }));
  }

  if (SECTIONS.every((section) => folder[section] === undefined)) {
    collector.problems.push(`${dir}: no content found (expected posts/, events.json, team.json, sponsors.json or gallery.json)`);
  }
  if (collector.problems.length > 0) throw new ContentFolderError(collector.problems);
  folder.imageFiles = [...collector.imageFiles].sort();
  return folder;
}
