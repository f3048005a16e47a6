import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  COVER_MAX_BYTES,
  EVENT_IMAGES_MAX,
  eventListSchema,
  staffEventAnswerSchema,
  staffEventListAnswerSchema,
  staleEventAnswerSchema,
  type CreateEventRequest,
  type StaffEvent,
  type UpdateEventRequest,
} from '@tca/contracts';
import { pngPicture, svgPicture } from '../../testing/content-fixtures.js';
import { AnswerTally, exportIntoFreshDatabase, startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';
import { assertEditorsOnly } from '../../testing/staff-role-matrix.js';

/**
 * The staff API for events (issue 14) on the real service: PostgreSQL, Redis, identity as the stub with chosen
 * roles. Role matrix, validation with the importer's rules, statuses (a draft is public nowhere; a cancelled
 * event stays on /events/get and in the calendar feed as STATUS:CANCELLED), revision bumps, optimistic
 * concurrency (409 with what changed), pictures through sharp, the audit log, and an export/import round trip.
 */

const EVENTS_API = '/staff-api/content';
const answers = new AnswerTally((path) => path.replace(/\/events\/[^/]+/, '/events/:key'));
let site: StaffContentSite;
let editor: string;
let owner: string;

/** A staff call under /staff-api/content, counted. */
async function call(method: string, path: string, authorization: string | undefined, body?: unknown): Promise<Response> {
  const res = await site.call(method, EVENTS_API + path, authorization, body);
  answers.add(method, path, res.status);
  return res;
}

const draft: CreateEventRequest = {
  name: 'Pongal Festival 2030',
  description: 'Music, kolam and sweet pongal.',
  date: '2030-01-15',
  endDate: null,
  time: '18:30',
  location: 'Adelaide Town Hall',
  eventLink: 'https://tickets.example.org/pongal',
  status: 'Draft',
};

async function create(body: CreateEventRequest = draft): Promise<StaffEvent> {
  const res = await call('POST', '/events', editor, body);
  assert.equal(res.status, 201, await res.clone().text());
  return staffEventAnswerSchema.parse(await res.json()).event;
}

function update(event: StaffEvent, change: Partial<UpdateEventRequest> = {}): Promise<Response> {
  const { name, description, date, endDate, time, location, eventLink, status, images, version } = event;
  const body: UpdateEventRequest = { name, description, date, endDate, time, location, eventLink, status, images: images.map(({ file, alt }) => ({ file, alt })), version, ...change };
  return call('PUT', `/events/${event.key}`, editor, body);
}

async function saved(res: Response): Promise<StaffEvent> {
  assert.equal(res.status, 200, await res.clone().text());
  return staffEventAnswerSchema.parse(await res.json()).event;
}

/**
 * The public answer once it passes `check`: a change bumps the revision in its transaction, and the public
 * routes learn of it by NOTIFY a few milliseconds later. Gives up after 2 s.
 */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() - started > 2000) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function publicEvents(): Promise<Map<string, string>> {
  const res = await site.call('GET', '/events/get', undefined);
  return new Map(eventListSchema.parse(await res.json()).map((e) => [e._id, e.status]));
}

/** /events/get once the event `key` has `status` (undefined: absent). */
async function publicStatus(key: string, status: string | undefined): Promise<string | undefined> {
  return (await eventually(publicEvents, (events) => events.get(key) === status)).get(key);
}

/** The calendar feed's VEVENT of `key` once it matches `pattern` (or is absent, without one). */
async function feedEvent(key: string, pattern?: RegExp): Promise<string | undefined> {
  const read = async () => vevent(await (await site.call('GET', '/events/calendar.ics', undefined)).text(), key);
  return eventually(read, (block) => (pattern ? pattern.test(block ?? '') : block === undefined));
}

/** The VEVENT of this key in a calendar, or undefined. */
function vevent(ics: string, key: string): string | undefined {
  return ics.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${key}@`));
}

async function revision(): Promise<number> {
  const { rows } = await site.pool.query<{ revision: string }>('SELECT revision FROM content_revision');
  return Number(rows[0]?.revision);
}

async function auditActions(key: string): Promise<string[]> {
  const { rows } = await site.pool.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [`event:${key}`]);
  return rows.map((r) => r.action);
}

async function upload(event: StaffEvent, file: { bytes: Buffer; name: string; type: string } | undefined, alt?: string, version = event.version): Promise<Response> {
  const form = new FormData();
  if (alt !== undefined) form.append('alt', alt);
  if (file) form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${site.url}${EVENTS_API}/events/${event.key}/images?version=${version}`, { method: 'POST', headers: { Authorization: editor }, body: form });
  answers.add('POST', '/events/:key/images', res.status);
  return res;
}

before(async () => {
  site = await startStaffContentSite('content_staff_events');
  editor = site.bearer(['editor']);
  owner = site.bearer(['owner']);
});

after(async () => {
  console.log(answers.summary('staff events API answers'));
  await site?.stop();
});

describe('staff events API: who may call', () => {
  it('editor and owner may; other roles, members, no second factor and no session may not', async () => {
    const event = await create({ ...draft, name: 'Role check' });
    // Editor and owner get through: a stale version (409), a picture request without a picture (400).
    await assertEditorsOnly(
      site,
      call,
      [
        ['GET', '/events'],
        ['GET', `/events/${event.key}`],
        ['POST', '/events', { ...draft, name: 'Role check made' }],
        ['PUT', `/events/${event.key}`, { ...draft, images: [], version: 1000 }],
        ['DELETE', `/events/${event.key}?version=1000`],
        ['POST', `/events/${event.key}/images?version=${event.version}`],
      ],
      [200, 201, 400, 409],
    );
    assert.equal((await call('GET', `/events/${event.key}`, editor)).status, 200, 'nothing was changed by the refused calls');
    assert.deepEqual(await auditActions(event.key), ['event_created']);
    const byOwner = await saved(await call('PUT', `/events/${event.key}`, owner, { ...draft, name: 'Owner edit', images: [], version: event.version }));
    assert.equal(byOwner.name, 'Owner edit');
  });
});

describe('staff events API: events', () => {
  it('validates with the importer\'s rules: 400 naming the field; unknown keys 404', async () => {
    const bad: Array<[unknown, string]> = [
      [{ ...draft, name: ' ' }, 'name'],
      [{ ...draft, date: '2030-02-30' }, 'date'],
      [{ ...draft, endDate: '2030-01-14' }, 'endDate'],
      [{ ...draft, time: '6.30pm' }, 'time'],
      [{ ...draft, eventLink: 'javascript:alert(1)' }, 'eventLink'],
      [{ ...draft, status: 'Postponed' }, 'status'],
      [{ ...draft, description: 'x'.repeat(5_001) }, 'description'],
      [{ ...draft, extra: true }, ''],
      ['not an object', ''],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '/events', editor, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 60));
      const answer = (await res.json()) as { error: string; fields?: Record<string, string> };
      if (field) assert.ok(answer.fields?.[field], `${field} named: ${JSON.stringify(answer)}`);
    }
    const event = await create({ ...draft, name: 'Validation' });
    assert.equal((await update(event, { version: 0 })).status, 400);
    assert.equal((await call('DELETE', `/events/${event.key}?version=abc`, editor)).status, 400);
    assert.equal((await call('GET', '/events/no-such-event', editor)).status, 404);
    assert.equal((await call('GET', '/events/bad%20key', editor)).status, 404);
    assert.equal((await call('PUT', '/events/no-such-event', editor, { ...draft, images: [], version: 1 })).status, 404);
  });

  it('a draft is public nowhere; Active shows on /events and the feed at once; Cancelled stays with STATUS:CANCELLED; delete removes it', async () => {
    const start = await revision();
    const first = await create();
    const second = await create({ ...draft, name: 'Pongal festival 2030' });
    assert.equal(first.key, 'pongal-festival-2030');
    assert.equal(second.key, 'pongal-festival-2030-2', 'keys from the name, unique');
    assert.ok((await revision()) > start, 'creating bumps the revision');
    assert.ok(!(await publicEvents()).has(first.key), 'a draft is not on /events/get');
    assert.equal(await feedEvent(first.key), undefined, 'nor in the calendar feed');
    assert.equal((await site.call('GET', `/events/${first.key}.ics`, undefined)).status, 404, 'nor as its own calendar');

    const active = await saved(await update(first, { status: 'Active' }));
    assert.equal(active.version, first.version + 1);
    assert.equal(await publicStatus(first.key, 'Active'), 'Active', 'Active shows at once');
    assert.match((await feedEvent(first.key, /STATUS:CONFIRMED/)) ?? '', /STATUS:CONFIRMED/);

    const cancelled = await saved(await update(active, { status: 'Cancelled' }));
    assert.equal(await publicStatus(first.key, 'Cancelled'), 'Cancelled', 'a cancelled event stays on /events/get, marked');
    assert.match((await feedEvent(first.key, /STATUS:CANCELLED/)) ?? '', /STATUS:CANCELLED/, 'and in the feed as cancelled');
    assert.match(await (await site.call('GET', `/events/${first.key}.ics`, undefined)).text(), /STATUS:CANCELLED/);

    const list = staffEventListAnswerSchema.parse(await (await call('GET', '/events', editor)).json());
    assert.ok(list.events.some((e) => e.key === second.key && e.status === 'Draft'), 'the staff list has drafts');
    const before = await revision();
    assert.equal((await call('DELETE', `/events/${first.key}?version=${cancelled.version}`, editor)).status, 200);
    assert.ok((await revision()) > before, 'deleting bumps the revision');
    assert.equal(await publicStatus(first.key, undefined), undefined, 'deleted: gone');
    assert.equal((await call('GET', `/events/${first.key}`, editor)).status, 404);
    assert.deepEqual(await auditActions(first.key), ['event_created', 'event_updated', 'event_cancelled', 'event_deleted']);
    const { rows } = await site.pool.query<{ summary: string; actor_user_id: string | null }>("SELECT summary, actor_user_id FROM audit_log WHERE target = $1 AND action = 'event_cancelled'", [`event:${first.key}`]);
    assert.equal(rows[0]?.summary, 'status Active -> Cancelled');
    assert.ok(rows[0]?.actor_user_id, 'who did it');
  });

  it('an edit on a stale copy is refused with 409 and what changed', async () => {
    const event = await create({ ...draft, name: 'Stale test' });
    await saved(await update(event, { location: 'Elsewhere', status: 'Active' }));
    const res = await update(event, { description: 'my edit' });
    assert.equal(res.status, 409);
    const stale = staleEventAnswerSchema.parse(await res.json());
    assert.equal(stale.current.location, 'Elsewhere');
    assert.equal(stale.current.version, event.version + 1);
    assert.deepEqual(stale.changed, ['description', 'location', 'status']);
    assert.equal((await call('DELETE', `/events/${event.key}?version=${event.version}`, editor)).status, 409);
    assert.equal((await upload(event, { bytes: svgPicture('#c60'), name: 'a.svg', type: 'image/svg+xml' })).status, 409);
    const stored = staffEventAnswerSchema.parse(await (await call('GET', `/events/${event.key}`, editor)).json()).event;
    assert.equal(stored.description, draft.description, 'the stale edit was not stored');
  });

  it('pictures: through sharp, alt text (the name when none), order and removal by PUT; 413, 415, 400, full', async () => {
    const event = await saved(await update(await create({ ...draft, name: 'With pictures' }), { status: 'Active' }));
    const png = await pngPicture(900, 600, { r: 200, g: 80, b: 20 });
    let res = await upload(event, { bytes: png, name: 'stage.png', type: 'image/png' }, 'The stage');
    assert.equal(res.status, 201, await res.clone().text());
    let withImages = staffEventAnswerSchema.parse(await res.json()).event;
    res = await upload(withImages, { bytes: svgPicture('#36c'), name: 'kolam.svg', type: 'image/svg+xml' });
    withImages = staffEventAnswerSchema.parse(await res.json()).event;
    assert.deepEqual(withImages.images.map((i) => i.alt), ['The stage', 'With pictures']);
    assert.equal(withImages.images[0]?.width, 900);
    assert.equal((await site.call('GET', withImages.images[0]?.url ?? '', undefined)).headers.get('content-type'), 'image/webp');
    const alts = async () => eventListSchema.parse(await (await site.call('GET', '/events/get', undefined)).json()).find((e) => e._id === event.key)?.imageMeta.map((m) => m.alt);
    assert.deepEqual(await eventually(alts, (list) => list?.length === 2), ['The stage', 'With pictures'], 'public at once');

    assert.equal((await upload(withImages, { bytes: Buffer.alloc(COVER_MAX_BYTES + 1), name: 'big.png', type: 'image/png' })).status, 413);
    assert.equal((await upload(withImages, { bytes: Buffer.from('%PDF-1.4'), name: 'doc.pdf', type: 'application/pdf' })).status, 415);
    assert.equal((await upload(withImages, { bytes: Buffer.from('not a png'), name: 'fake.png', type: 'image/png' })).status, 400);
    assert.equal((await upload(withImages, undefined)).status, 400);
    assert.equal((await upload(withImages, { bytes: png, name: 'x.png', type: 'image/png' }, 'x'.repeat(301))).status, 400);

    const [stage, kolam] = withImages.images;
    assert.ok(stage && kolam);
    const reordered = await saved(await update(withImages, { images: [{ file: kolam.file, alt: 'A kolam' }, { file: stage.file, alt: 'The stage' }] }));
    assert.deepEqual(reordered.images.map((i) => [i.file, i.alt]), [[kolam.file, 'A kolam'], [stage.file, 'The stage']]);
    const unknown = await update(reordered, { images: [{ file: 'nope.webp', alt: 'x' }] });
    assert.equal(unknown.status, 400);
    assert.ok(((await unknown.json()) as { fields: Record<string, string> }).fields['images.0']);
    assert.equal((await update(reordered, { images: [{ file: kolam.file, alt: ' ' }] })).status, 400, 'alt text is required');
    const removed = await saved(await update(reordered, { images: [{ file: stage.file, alt: 'The stage' }] }));
    assert.deepEqual(removed.images.map((i) => i.file), [stage.file]);
    assert.equal((await site.call('GET', kolam.url, undefined)).status, 404, 'a removed picture no event uses is gone');

    // Fill the list up to the limit directly (the same picture again and again).
    const { rows } = await site.pool.query<{ image_meta: unknown[]; images: string[]; image_hashes: string[] }>('SELECT image_meta, images, image_hashes FROM events WHERE key = $1', [event.key]);
    const stored = rows[0];
    assert.ok(stored);
    const times = <T>(value: T) => Array.from({ length: EVENT_IMAGES_MAX }, () => value);
    await site.pool.query('UPDATE events SET image_meta = $2, images = $3, image_hashes = $4 WHERE key = $1', [event.key, JSON.stringify(times(stored.image_meta[0])), times(stored.images[0]), times(stored.image_hashes[0])]);
    const full = staffEventAnswerSchema.parse(await (await call('GET', `/events/${event.key}`, editor)).json()).event;
    assert.equal((await upload(full, { bytes: png, name: 'one-more.png', type: 'image/png' })).status, 400, 'at most EVENT_IMAGES_MAX pictures');
    assert.deepEqual(await auditActions(event.key), ['event_created', 'event_updated', 'event_image_added', 'event_image_added', 'event_updated', 'event_updated']);
  });
});

describe('staff events API: export and import', () => {
  it('events made here (draft, cancelled with pictures and alt texts) round-trip through export into a fresh database', async () => {
    const plain = await create({ ...draft, name: 'Round trip draft', time: null, endDate: '2030-01-17', eventLink: null });
    let pictured = await saved(await update(await create({ ...draft, name: 'Round trip cancelled' }), { status: 'Cancelled' }));
    pictured = staffEventAnswerSchema.parse(await (await upload(pictured, { bytes: await pngPicture(400, 300, { r: 1, g: 2, b: 3 }), name: 'hall.png', type: 'image/png' }, 'The hall')).json()).event;
    await exportIntoFreshDatabase(site, 'content_staff_events_roundtrip', async (pool) => {
      const { rows } = await pool.query<{ key: string; name: string; description: string; starts_on: string; ends_on: string | null; time: string | null; location: string; event_link: string | null; status: string; image_meta: Array<{ file: string; alt: string }> }>(
        'SELECT key, name, description, starts_on, ends_on, time, location, event_link, status, image_meta FROM events WHERE key = ANY($1)',
        [[plain.key, pictured.key]],
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const event of [plain, pictured]) {
        const row = byKey.get(event.key);
        assert.ok(row, `${event.key} imported`);
        assert.deepEqual(
          [row.name, row.description, row.starts_on, row.ends_on, row.time, row.location, row.event_link, row.status, row.image_meta.map((m) => [m.file, m.alt])],
          [event.name, event.description, event.date, event.endDate, event.time, event.location, event.eventLink, event.status, event.images.map((i) => [i.file, i.alt])],
          event.key,
        );
      }
    });
  });
});
