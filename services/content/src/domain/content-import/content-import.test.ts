import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLogger, createPool, runMigrations, type Pool, type PoolClient } from '@tca/service-kit';
import { createTestDatabase, type TestDatabase } from '@tca/service-kit/testing';
import { blogListSchema, eventListSchema, galleryListSchema, sponsorListSchema, teamListSchema } from '@tca/contracts';
import { blogList, eventList, galleryList, sponsorList, teamList } from '../catalog/content-lists.js';
import { readRevision } from '../../data-access/content-revision-watcher.js';
import { DEFAULT_SEED_DIR, MIGRATIONS_DIR, SCHEMA } from '../../config.js';
import { sampleFolder, svgPicture, writeContentFolder } from '../../testing/content-fixtures.js';
import { main as cli } from '../../entry-points/cli/content-cli.js';
import { exportContent } from './export-content.js';
import { ContentFolderError, readContentFolder } from './content-folder.js';
import { importContent, type ImportOptions } from './import-content.js';
import { seedIfEmpty } from './seed-if-empty.js';

const TODAY = '2026-03-01';
const silent = createLogger({ name: 'content-import-test', level: 'silent' });

async function withClient<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

async function counts(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<Record<string, number>>(`SELECT
    (SELECT count(*) FROM blog_posts) AS posts, (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM team_members) AS team,
    (SELECT count(*) FROM sponsors) AS sponsors, (SELECT count(*) FROM gallery_events) AS gallery, (SELECT count(*) FROM image_variants) AS variants`);
  return { ...rows[0] };
}

describe('content folder import', () => {
  let db: TestDatabase;
  let pool: Pool;
  const folders: Array<{ cleanup(): Promise<void> }> = [];
  const run = (dir: string, options: Partial<ImportOptions> = {}) => withClient(pool, (client) => importContent(client, dir, { today: TODAY, ...options }));

  before(async () => {
    db = await createTestDatabase('content_import');
    pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'content-import-test' });
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
  });
  after(async () => {
    for (const folder of folders) await folder.cleanup();
    await pool.end();
    await db.drop();
  });

  async function folder(spec: Parameters<typeof writeContentFolder>[0]) {
    const written = await writeContentFolder(spec);
    folders.push(written);
    return written.dir;
  }

  it('refuses an invalid folder with every problem named, and writes nothing', async () => {
    const sample = await sampleFolder();
    const dir = await folder({
      ...sample,
      events: undefined,
      raw: { 'events.json': '[{"key": "a", "name": "A",' },
      team: [{ key: 'x y', name: '', designation: 'D', order: 1.5, colour: 'red' }],
      gallery: [{ key: 'g', name: 'G', date: 'next week', images: ['missing.jpg', '../secret.png'] }, { key: 'g', name: 'G2', date: '2026-01-01' }],
      posts: { 'bad.md': 'no front matter', 'Good_One.md': '---\nname: Fine\ndate: 2026-13-01\nimage: nope.svg\n---\nBody' },
    });
    const before = await counts(pool);
    const revision = await readRevision(pool);
    await assert.rejects(run(dir), (err: unknown) => {
      assert.ok(err instanceof ContentFolderError);
      const text = err.problems.join('\n');
      assert.match(text, /events\.json: not valid JSON/);
      assert.match(text, /team\.json: entry 1 \(key "x y"\): key: a key of letters/);
      assert.match(text, /team\.json: entry 1 \(key "x y"\): name: name is required/);
      assert.match(text, /team\.json: entry 1 \(key "x y"\): order: order must be a whole number/);
      assert.match(text, /team\.json: entry 1 \(key "x y"\): colour: unknown field/);
      assert.match(text, /gallery\.json: entry 1 \(key "g"\): date: "next week" must be a date/);
      assert.match(text, /gallery\.json: entry 1 \(key "g"\): images\.0: images\/missing\.jpg does not exist/);
      assert.match(text, /gallery\.json: entry 1 \(key "g"\): images\.1: "\.\.\/secret\.png" must be the name of a file directly in images\//);
      assert.match(text, /gallery\.json: entry 2 \(key "g"\): key "g" is already used by entry 1/);
      assert.match(text, /posts\/bad\.md: must start with front matter/);
      assert.match(text, /posts\/Good_One\.md: date: "2026-13-01"/);
      return true;
    });
    assert.deepEqual(await counts(pool), before);
    assert.deepEqual(await readRevision(pool), revision);
  });

  it('refuses a folder whose picture cannot be read, and writes nothing', async () => {
    const dir = await folder({ sponsors: [{ key: 's', name: 'S', image: 'logo.png' }], images: { 'logo.png': Buffer.from('not a png') } });
    await assert.rejects(run(dir), /images\/logo\.png: not a readable image/);
    assert.equal((await counts(pool)).sponsors, 0);
  });

  it('imports everything, then leaves an unchanged folder alone, then reports what changed', async () => {
    const sample = await sampleFolder();
    const dir = await folder(sample);
    const startRevision = (await readRevision(pool)).revision;

    const first = await run(dir);
    assert.equal(first.changed, true);
    assert.equal(first.revision, startRevision + 1);
    assert.deepEqual(first.sections.posts?.added.sort(), ['pongal-2026', 'welcome']);
    assert.equal(first.sections.events?.added.length, 4);
    assert.deepEqual(first.images, { processed: 2, reused: 0 });

    // What the API lists is in the contract's shapes, in the spec's order.
    const blog = blogListSchema.parse(await blogList(pool));
    assert.deepEqual(blog.map((p) => p._id), ['pongal-2026', 'welcome']);
    assert.equal(blog[0]?.date, '2026-02-26T01:30:00.000Z');
    assert.equal(blog[0]?.imageMeta?.alt, 'A pot of pongal');
    assert.ok(!blog[0]?.html.includes('<script'));
    const events = eventListSchema.parse(await eventList(pool));
    assert.deepEqual(events.map((e) => [e._id, e.date]), [['old-picnic', '2024-01-10'], ['film-night', '2026-02-28'], ['tamil-new-year', '2026-03-15']]);
    const tny = events[2];
    assert.ok(tny?.images.every((url) => url.startsWith('/uploads/')));
    assert.deepEqual(tny?.imageMeta.map((m) => m.alt), ['The stage', 'Tamil New Year, photo 2 of 2']);
    assert.deepEqual(teamListSchema.parse(await teamList(pool)).map((m) => m._id), ['president', 'treasurer']);
    assert.deepEqual(sponsorListSchema.parse(await sponsorList(pool)).map((s) => [s._id, s.imageMeta?.alt ?? null]), [['spice-shop', 'Spice & Co'], ['bank', null]]);
    assert.deepEqual(galleryListSchema.parse(await galleryList(pool)).map((g) => g._id), ['pongal-2026', 'deepavali-2025']);

    const second = await run(dir);
    assert.equal(second.changed, false);
    assert.equal(second.revision, first.revision);
    assert.equal(second.sections.posts?.unchanged.length, 2);
    assert.equal(second.sections.events?.unchanged.length, 4);
    assert.deepEqual(second.images, { processed: 0, reused: 2 });

    await writeFile(join(dir, 'posts', 'welcome.md'), '---\nname: Welcome back\ndate: 2025-06-01\n---\nHello again.\n');
    await writeFile(join(dir, 'sponsors.json'), JSON.stringify([{ key: 'bank', name: 'Community Bank' }]));
    const third = await run(dir);
    assert.deepEqual(third.sections.posts, { added: [], changed: ['welcome'], unchanged: ['pongal-2026'], removed: [], kept: [] });
    assert.deepEqual(third.sections.sponsors, { added: [], changed: ['bank'], unchanged: [], removed: [], kept: ['spice-shop'] });
    assert.equal(third.revision, first.revision + 1);

    // --dry-run reports and writes nothing; --prune removes what the folder no longer has.
    const dry = await run(dir, { prune: true, dryRun: true });
    assert.deepEqual(dry.sections.sponsors?.removed, ['spice-shop']);
    assert.equal((await counts(pool)).sponsors, 2);
    const pruned = await run(dir, { prune: true });
    assert.deepEqual(pruned.sections.sponsors?.removed, ['spice-shop']);
    assert.equal((await counts(pool)).sponsors, 1);
  });

  it('exports a folder that imports back unchanged, with absolute dates and the original pictures', async () => {
    const out = await folder({});
    const target = join(out, 'export');
    const report = await withClient(pool, (client) => exportContent(client, target));
    assert.equal(report.counts.posts, 2);
    assert.deepEqual((await readdir(join(target, 'images'))).sort(), ['pongal.svg', 'stage.png']);
    const events = JSON.parse(await readFile(join(target, 'events.json'), 'utf8')) as Array<{ key: string; date: string }>;
    assert.equal(events.find((e) => e.key === 'tamil-new-year')?.date, '2026-03-15');
    assert.match(await readFile(join(target, 'posts', 'pongal-2026.md'), 'utf8'), /^---\nname: Pongal celebration\ndate: 2026-02-26\nimage: pongal.svg\nimageAlt: A pot of pongal\n---\n/);
    const reimport = await run(target);
    assert.equal(reimport.changed, false, JSON.stringify(reimport.sections));
    await assert.rejects(withClient(pool, (client) => exportContent(client, target)), /is not empty/);
  });

  it('the CLI imports, reports, and fails clearly without DATABASE_URL or with a bad folder', async () => {
    const dir = await folder({ gallery: [{ key: 'cli-gallery', name: 'From the CLI', date: 'today', images: ['a.svg'] }], images: { 'a.svg': svgPicture('#0a0') } });
    const logs: string[] = [];
    const errors: string[] = [];
    const origLog = console.log;
    const origError = console.error;
    console.log = (...args: unknown[]) => void logs.push(args.join(' '));
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      assert.equal(await cli(['import', dir], { DATABASE_URL: db.url }), 0);
      assert.match(logs.join('\n'), /gallery: added 1 \(cli-gallery\); left alone 0; kept 2 not in the folder/);
      assert.match(logs.join('\n'), /posts: not in the folder \(left as it is\)/);
      assert.equal(await cli(['import', dir], { DATABASE_URL: db.url }), 0);
      assert.match(logs.join('\n'), /gallery: left alone 1; kept 2/);
      assert.equal(await cli(['import', dir], {}), 2);
      assert.match(errors.join('\n'), /DATABASE_URL is not set/);
      assert.equal(await cli(['import', join(dir, 'nowhere')], { DATABASE_URL: db.url }), 1);
      assert.match(errors.join('\n'), /nowhere: no such folder\nNothing was imported\./);
      assert.equal(await cli(['frobnicate'], { DATABASE_URL: db.url }), 2);
    } finally {
      console.log = origLog;
      console.error = origError;
    }
  });

  it('imports the optional Tamil versions (ta), lists them, exports them back unchanged, and names a bad one', async () => {
    const dir = await folder({
      posts: { 'tamil-post.md': '---\nname: Tamil day\ndate: 2026-02-01\nta:\n  name: தமிழ் நாள்\n  body: |\n\n    # தமிழ்\n\n    **வணக்கம்** <script>alert(1)</script>\n---\nHello.\n' },
      events: [{ key: 'tamil-event', name: 'Kolam class', date: '2026-03-10', ta: { name: 'கோலம் வகுப்பு', description: ' ', location: 'நூலகம்' } }],
      team: [{ key: 'tamil-member', name: 'Meena', designation: 'Secretary', order: 9, ta: { designation: 'செயலாளர்' } }],
      // (bank first, as it is stored: a sponsor's place is its index in the file)
      sponsors: [{ key: 'bank', name: 'Community Bank' }, { key: 'tamil-sponsor', name: 'Kadal', ta: { name: 'கடல்' } }],
      gallery: [{ key: 'tamil-album', name: 'Kolam', date: '2026-03-10', ta: { name: 'கோலம்' } }],
    });
    await run(dir);
    const blogPost = blogListSchema.parse(await blogList(pool)).find((p) => p._id === 'tamil-post');
    assert.deepEqual(blogPost?.ta, { name: 'தமிழ் நாள்', desc: '# தமிழ்\n\n**வணக்கம்** <script>alert(1)</script>', html: '<h2>தமிழ்</h2>\n<p><strong>வணக்கம்</strong> </p>' });
    assert.deepEqual(eventListSchema.parse(await eventList(pool)).find((e) => e._id === 'tamil-event')?.ta, { name: 'கோலம் வகுப்பு', location: 'நூலகம்' });
    assert.deepEqual(teamListSchema.parse(await teamList(pool)).find((m) => m._id === 'tamil-member')?.ta, { designation: 'செயலாளர்' });
    assert.deepEqual(sponsorListSchema.parse(await sponsorList(pool)).find((s) => s._id === 'tamil-sponsor')?.ta, { name: 'கடல்' });
    assert.deepEqual(galleryListSchema.parse(await galleryList(pool)).find((g) => g._id === 'tamil-album')?.ta, { name: 'கோலம்' });
    // An item without Tamil has no ta.
    assert.equal(blogListSchema.parse(await blogList(pool)).find((p) => p._id === 'welcome')?.ta, undefined);

    const target = join(await folder({}), 'export');
    await withClient(pool, (client) => exportContent(client, target));
    const events = JSON.parse(await readFile(join(target, 'events.json'), 'utf8')) as Array<{ key: string; ta?: unknown }>;
    assert.deepEqual(events.find((e) => e.key === 'tamil-event')?.ta, { name: 'கோலம் வகுப்பு', location: 'நூலகம்' });
    assert.equal(events.find((e) => e.key === 'tamil-new-year')?.ta, undefined);
    const reimport = await run(target);
    assert.equal(reimport.changed, false, JSON.stringify(reimport.sections));

    const bad = await folder({ sponsors: [{ key: 'x', name: 'X', ta: { name: 'த'.repeat(201), slogan: 'y' } }] });
    await assert.rejects(readContentFolder(bad, TODAY), (err: unknown) => {
      assert.ok(err instanceof ContentFolderError);
      assert.match(err.message, /sponsors\.json: entry 1 \(key "x"\): ta\.name: Tamil name must be at most 200 characters/);
      assert.match(err.message, /ta\.slogan: unknown field/);
      return true;
    });
  });
});

describe('seed content on first start', () => {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('is imported once when replicas start together, and never into a database that had content', async () => {
    const db = await createTestDatabase('content_seed');
    const pools = [0, 1, 2].map(() => createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'content-seed-test' }));
    cleanups.push(async () => {
      for (const p of pools) await p.end();
      await db.drop();
    });
    const [first] = pools;
    assert.ok(first);
    await runMigrations({ pool: first, schema: SCHEMA, dir: MIGRATIONS_DIR });
    const seed = await writeContentFolder(await sampleFolder());
    cleanups.push(seed.cleanup);

    const outcomes = await Promise.all(pools.map((p) => seedIfEmpty(p, seed.dir, silent)));
    assert.deepEqual(outcomes.sort(), ['present', 'present', 'seeded']);
    assert.equal((await counts(first)).posts, 2);

    // Emptied by an operator: stays empty (the seed is for new databases only).
    await first.query('DELETE FROM blog_posts; DELETE FROM events; DELETE FROM team_members; DELETE FROM sponsors; DELETE FROM gallery_events');
    assert.equal(await seedIfEmpty(first, seed.dir, silent), 'present');
  });

  it('stops when the service stops, stores nothing, and the next start seeds', async () => {
    const db = await createTestDatabase('content_seed_stopped');
    const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'content-seed-test' });
    cleanups.push(async () => {
      await pool.end();
      await db.drop();
    });
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
    const seed = await writeContentFolder(await sampleFolder());
    cleanups.push(seed.cleanup);
    const stopping = new AbortController();
    stopping.abort();
    assert.equal(await seedIfEmpty(pool, seed.dir, silent, stopping.signal), 'stopped');
    assert.deepEqual(Object.values(await counts(pool)).filter((n) => n > 0), []);
    assert.equal(await seedIfEmpty(pool, seed.dir, silent), 'seeded');
    assert.equal((await counts(pool)).posts, 2);
  });

  it('logs and carries on when the folder is missing, broken or disabled', async () => {
    const db = await createTestDatabase('content_seed_missing');
    const pool = createPool({ connectionString: db.url, schema: SCHEMA, applicationName: 'content-seed-test' });
    cleanups.push(async () => {
      await pool.end();
      await db.drop();
    });
    await runMigrations({ pool, schema: SCHEMA, dir: MIGRATIONS_DIR });
    assert.equal(await seedIfEmpty(pool, '/nonexistent/seed', silent), 'missing');
    assert.equal(await seedIfEmpty(pool, null, silent), 'disabled');
    const broken = await writeContentFolder({ raw: { 'events.json': 'nope' } });
    cleanups.push(broken.cleanup);
    assert.equal(await seedIfEmpty(pool, broken.dir, silent), 'failed');
    assert.equal((await counts(pool)).events, 0);
  });

  it('the seed folder shipped with the service is valid (when it exists)', { skip: !existsSync(DEFAULT_SEED_DIR) && 'no seed folder yet' }, async () => {
    const folder = await readContentFolder(DEFAULT_SEED_DIR, TODAY);
    // Read without a problem, and all of it (seed/README.md): 10 posts, 8 events, 8 team members, 6 sponsors, 8 albums …
    const postKeys = (await readdir(join(DEFAULT_SEED_DIR, 'posts'))).filter((file) => file.endsWith('.md')).map((file) => file.slice(0, -'.md'.length));
    assert.equal(postKeys.length, 10);
    assert.deepEqual(folder.posts?.map((post) => post.key).sort(), postKeys.sort());
    assert.deepEqual([folder.events?.length, folder.team?.length, folder.sponsors?.length, folder.gallery?.length], [8, 8, 6, 8]);
    // … and the 70 pictures in images/ are exactly the ones those items use.
    const pictures = (await readdir(join(DEFAULT_SEED_DIR, 'images'))).sort();
    assert.equal(pictures.length, 70);
    assert.deepEqual(folder.imageFiles, pictures);
  });
});
