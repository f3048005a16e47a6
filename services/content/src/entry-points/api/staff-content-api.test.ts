import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  blogListSchema,
  contentAuditPageAnswerSchema,
  COVER_MAX_BYTES,
  staffPostAnswerSchema,
  staffPostListAnswerSchema,
  stalePostAnswerSchema,
  type CreatePostRequest,
  type StaffPost,
} from '@tca/contracts';
import { pngPicture } from '../../testing/content-fixtures.js';
import { exportIntoFreshDatabase, startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';
import { assertEditorsOnly } from '../../testing/staff-role-matrix.js';

/**
 * The staff API for blog posts (issue 14) on the real service: PostgreSQL, Redis, identity as the stub with
 * chosen roles. Role matrix, validation, optimistic concurrency, statuses (scheduled ones going live by
 * themselves), revision bumps seen on GET /blog/get, the append-only audit log, cover uploads through sharp,
 * and an export/import round trip of a post made here.
 */

const P = '/staff-api/content';
let site: StaffContentSite;
let editor: string;
let owner: string;
const counts = new Map<string, number>();

function tally(method: string, path: string, status: number): void {
  const key = `${method} ${path.replace(/\/posts\/[^/?]+/, '/posts/:key').replace(/\?.*$/, '')} ${status}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

async function call(method: string, path: string, authorization: string | undefined, body?: unknown): Promise<Response> {
  const res = await site.call(method, `${P}${path}`, authorization, body);
  tally(method, path, res.status);
  return res;
}

const draft: CreatePostRequest = { title: 'Pongal 2027', date: '2027-01-15', body: '# Pongal\n\nCome **all**.', status: 'draft' };

async function create(body: CreatePostRequest = draft): Promise<StaffPost> {
  const res = await call('POST', '/posts', editor, body);
  assert.equal(res.status, 201, await res.clone().text());
  return staffPostAnswerSchema.parse(await res.json()).post;
}

async function update(post: StaffPost, change: Partial<CreatePostRequest>): Promise<Response> {
  const { title, date, body, coverAlt, status, publishAt } = post;
  return call('PUT', `/posts/${post.key}`, editor, { title, date, body, coverAlt, status, publishAt, ...change, version: post.version });
}

async function publicKeys(): Promise<string[]> {
  const res = await site.call('GET', '/blog/get', undefined);
  return blogListSchema.parse(await res.json()).map((p) => p._id);
}

async function auditActions(key: string): Promise<string[]> {
  const { rows } = await site.pool.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [`post:${key}`]);
  return rows.map((r) => r.action);
}

function cover(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('cover', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

async function upload(post: StaffPost, form: FormData, version = post.version): Promise<Response> {
  const res = await fetch(`${site.url}${P}/posts/${post.key}/cover?version=${version}`, { method: 'PUT', headers: { Authorization: editor }, body: form });
  tally('PUT', '/posts/:key/cover', res.status);
  return res;
}

before(async () => {
  site = await startStaffContentSite('content_staff_api', { CONTENT_SCHEDULE_CHECK_MS: '60000' });
  editor = site.bearer(['editor']);
  owner = site.bearer(['owner']);
});

after(async () => {
  console.log(`staff content API answers (method path status: count):\n${[...counts].sort().map(([k, n]) => `  ${k}: ${n}`).join('\n')}`);
  await site?.stop();
});

describe('staff content API: who may call', () => {
  it('editor and owner may; other roles, members, no second factor and no session may not; identity down is 503', async () => {
    const post = await create();
    const endpoints: Array<[string, string, unknown?]> = [
      ['GET', '/posts'],
      ['GET', `/posts/${post.key}`],
      ['POST', '/posts', { ...draft, title: 'x' }],
      ['PUT', `/posts/${post.key}`, { ...draft, version: 1000 }],
      ['DELETE', `/posts/${post.key}?version=1000`],
      ['POST', '/preview', { body: 'a' }],
    ];
    await assertEditorsOnly(site, call, endpoints, [200, 201, 409]);
    // The audit list is the owner's only.
    assert.equal((await call('GET', '/audit', editor)).status, 403);
    assert.equal((await call('GET', '/audit', owner)).status, 200);
    site.identity.mode = 'error';
    try {
      assert.equal((await call('GET', '/posts', editor)).status, 503);
    } finally {
      site.identity.mode = 'normal';
    }
  });
});

describe('staff content API: posts', () => {
  it('validates with the shared rules: 400 naming the field', async () => {
    const bad: Array<[unknown, string]> = [
      [{ ...draft, title: ' ' }, 'title'],
      [{ ...draft, date: '2027-02-30' }, 'date'],
      [{ ...draft, status: 'live' }, 'status'],
      [{ ...draft, status: 'scheduled' }, 'publishAt'],
      [{ ...draft, body: 'x'.repeat(20_001) }, 'body'],
      [{ ...draft, extra: true }, ''],
      ['not an object', ''],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '/posts', editor, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
      const answer = (await res.json()) as { error: string; fields?: Record<string, string> };
      assert.ok(['validation_failed', 'invalid_json'].includes(answer.error), answer.error);
      if (field) assert.ok(answer.fields?.[field], `${field} named: ${JSON.stringify(answer)}`);
    }
    assert.equal((await call('DELETE', '/posts/x?version=abc', editor)).status, 400);
    assert.equal((await call('GET', '/posts/no-such-post', editor)).status, 404);
    assert.equal((await call('GET', '/posts/bad%20key', editor)).status, 404);
  });

  it('keys come from the title and stay unique; a draft never shows, publishing shows it at once, unpublishing hides it', async () => {
    const first = await create({ ...draft, title: 'Deepavali Night!' });
    const second = await create({ ...draft, title: 'Deepavali night' });
    assert.equal(first.key, 'deepavali-night');
    assert.equal(second.key, 'deepavali-night-2');
    assert.ok(!(await publicKeys()).includes(first.key), 'a draft is not public');
    const published = await update(first, { status: 'published' });
    assert.equal(published.status, 200);
    const post = staffPostAnswerSchema.parse(await published.json()).post;
    assert.equal(post.version, first.version + 1);
    assert.ok((await publicKeys()).includes(first.key), 'published shows on /blog/get at once (the revision was bumped)');
    const latest = (await (await site.call('GET', '/blog/latest', undefined)).json()) as Array<{ _id: string }>;
    assert.ok(latest.some((p) => p._id === first.key), 'and on the home page list');
    const unpublished = staffPostAnswerSchema.parse(await (await update(post, { status: 'draft' })).json()).post;
    assert.ok(!(await publicKeys()).includes(first.key), 'unpublished: gone at once');
    const list = staffPostListAnswerSchema.parse(await (await call('GET', '/posts', editor)).json());
    assert.ok(list.posts.some((p) => p.key === first.key && p.status === 'draft'), 'the staff list has drafts');
    assert.deepEqual(await auditActions(first.key), ['post_created', 'post_published', 'post_unpublished']);
    const del = await call('DELETE', `/posts/${first.key}?version=${unpublished.version}`, editor);
    assert.equal(del.status, 200);
    assert.equal((await call('GET', `/posts/${first.key}`, editor)).status, 404);
    assert.deepEqual(await auditActions(first.key), ['post_created', 'post_published', 'post_unpublished', 'post_deleted']);
  });

  it('an edit on a stale copy is refused with 409 and what changed', async () => {
    const post = await create({ ...draft, title: 'Stale test' });
    const mine = await update(post, { title: 'Changed by someone else', status: 'published' });
    assert.equal(mine.status, 200);
    const res = await update(post, { body: 'my edit' });
    assert.equal(res.status, 409);
    const stale = stalePostAnswerSchema.parse(await res.json());
    assert.equal(stale.current.title, 'Changed by someone else');
    assert.equal(stale.current.status, 'published');
    assert.equal(stale.current.version, post.version + 1);
    assert.deepEqual(stale.changed, ['title', 'body', 'status']);
    assert.equal((await call('DELETE', `/posts/${post.key}?version=${post.version}`, editor)).status, 409);
    const stored = staffPostAnswerSchema.parse(await (await call('GET', `/posts/${post.key}`, editor)).json()).post;
    assert.equal(stored.body, draft.body, 'the stale edit was not stored');
  });

  it('a scheduled post shows itself at its time (no request needed), with an audit entry', async () => {
    const at = new Date(Date.now() + 1500);
    const post = await create({ ...draft, title: 'Scheduled one', status: 'scheduled', publishAt: at.toISOString() });
    assert.equal(post.status, 'scheduled');
    assert.ok(!(await publicKeys()).includes(post.key), 'not before its time');
    const started = Date.now();
    while (!(await publicKeys()).includes(post.key)) {
      assert.ok(Date.now() - started < 6000, 'shown within a few seconds of its time');
      await new Promise((r) => setTimeout(r, 100));
    }
    const shownAfterMs = Date.now() - at.getTime();
    console.log(`scheduled post: due ${at.toISOString()}, on /blog/get ${shownAfterMs} ms after its time`);
    assert.ok(shownAfterMs >= 0, 'not before its time');
    const stored = staffPostAnswerSchema.parse(await (await call('GET', `/posts/${post.key}`, editor)).json()).post;
    assert.equal(stored.status, 'published');
    assert.deepEqual(await auditActions(post.key), ['post_created', 'post_published']);
  });

  it('preview renders with the public renderer and sanitiser', async () => {
    const res = await call('POST', '/preview', editor, { body: '# Title\n\n[x](javascript:alert(1)) **b** <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>' });
    const { html } = (await res.json()) as { html: string };
    assert.match(html, /<h2>Title<\/h2>/);
    assert.match(html, /<strong>b<\/strong>/);
    assert.doesNotMatch(html, /<script|javascript:|onerror/);
  });

  it('cover upload: through sharp into the image tables; too big 413, not an image 415, unreadable 400, stale 409', async () => {
    const post = await create({ ...draft, title: 'With cover', coverAlt: 'A pot of pongal', status: 'published' });
    const png = await pngPicture(900, 600, { r: 200, g: 80, b: 20 });
    const res = await upload(post, cover(png, 'pot.png', 'image/png'));
    assert.equal(res.status, 200, await res.clone().text());
    const withCover = staffPostAnswerSchema.parse(await res.json()).post;
    assert.equal(withCover.cover?.alt, 'A pot of pongal');
    assert.equal(withCover.cover?.width, 900);
    const image = await site.call('GET', withCover.cover?.url ?? '', undefined);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    const onBlog = blogListSchema.parse(await (await site.call('GET', '/blog/get', undefined)).json()).find((p) => p._id === post.key);
    assert.equal(onBlog?.image, withCover.cover?.file, 'the public list shows the new cover at once');
    assert.equal((await upload(withCover, cover(Buffer.alloc(COVER_MAX_BYTES + 1), 'big.png', 'image/png'))).status, 413);
    assert.equal((await upload(withCover, cover(Buffer.from('%PDF-1.4'), 'doc.pdf', 'application/pdf'))).status, 415);
    assert.equal((await upload(withCover, cover(Buffer.from('not a png'), 'fake.png', 'image/png'))).status, 400);
    assert.equal((await upload(withCover, cover(png, 'pot.png', 'image/png'), post.version)).status, 409);
    assert.equal((await upload(withCover, new FormData())).status, 400);
    assert.deepEqual(await auditActions(post.key), ['post_created', 'post_cover_changed']);
  });
});

describe('staff content API: audit log', () => {
  it('the owner pages through the entries; the table refuses UPDATE and DELETE', async () => {
    const page = contentAuditPageAnswerSchema.parse(await (await call('GET', '/audit?limit=2', owner)).json());
    assert.equal(page.entries.length, 2);
    assert.ok(page.nextBefore);
    const entry = page.entries[0];
    assert.ok(entry && entry.actorEmail.length > 0 && entry.summary.length > 0);
    const created = contentAuditPageAnswerSchema.parse(await (await call('GET', '/audit?action=post_created', owner)).json());
    assert.ok(created.entries.every((e) => e.action === 'post_created' && e.actorUserId !== null));
    assert.equal((await call('GET', '/audit?action=sign_in', owner)).status, 400);
    await assert.rejects(site.pool.query("UPDATE audit_log SET summary = 'x'"), /append-only/);
    await assert.rejects(site.pool.query('DELETE FROM audit_log'), /append-only/);
    await assert.rejects(site.pool.query('TRUNCATE audit_log'), /append-only/);
  });
});

describe('staff content API: export and import', () => {
  it('a post made in the editor (draft, scheduled, published with cover) round-trips through export into a fresh database', async () => {
    const made = [
      await create({ ...draft, title: 'Round trip draft', body: 'Para one.\n\n- a\n- b', coverAlt: 'kept alt' }),
      await create({ ...draft, title: 'Round trip later', status: 'scheduled', publishAt: '2099-01-01T00:00:00.000Z' }),
    ];
    const withCover = await create({ ...draft, title: 'Round trip cover', status: 'published', coverAlt: 'Kolam' });
    const res = await upload(withCover, cover(await pngPicture(400, 300, { r: 1, g: 2, b: 3 }), 'kolam.png', 'image/png'));
    made.push(staffPostAnswerSchema.parse(await res.json()).post);
    await exportIntoFreshDatabase(site, 'content_staff_roundtrip', async (fresh) => {
      const { rows } = await fresh.query<{ key: string; name: string; description: string; status: string; publish_at: Date | null; cover_alt: string; image: string | null; published_at: Date }>(
        'SELECT key, name, description, status, publish_at, cover_alt, image, published_at FROM blog_posts WHERE key = ANY($1) ORDER BY key',
        [made.map((p) => p.key)],
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const post of made) {
        const row = byKey.get(post.key);
        assert.ok(row, `${post.key} imported`);
        assert.deepEqual(
          { title: row.name, body: row.description, status: row.status, publishAt: row.status === 'scheduled' ? (row.publish_at?.toISOString() ?? null) : null, coverAlt: row.cover_alt, image: row.image },
          { title: post.title, body: post.body, status: post.status, publishAt: post.publishAt, coverAlt: post.coverAlt, image: post.cover?.file ?? null },
          post.key,
        );
      }
    });
  });
});
