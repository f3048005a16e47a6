import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  COVER_MAX_BYTES,
  sponsorListSchema,
  staffSponsorAnswerSchema,
  staffSponsorListAnswerSchema,
  staffTeamListAnswerSchema,
  staffTeamMemberAnswerSchema,
  staleSponsorOrderAnswerSchema,
  staleTeamMemberAnswerSchema,
  teamListSchema,
  type CreateSponsorRequest,
  type CreateTeamMemberRequest,
  type StaffSponsor,
  type StaffTeamMember,
} from '@tca/contracts';
import { readRevision } from '../../data-access/content-revision-watcher.js';
import { pngPicture, svgPicture } from '../../testing/content-fixtures.js';
import { exportIntoFreshDatabase, startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';
import { assertEditorsOnly, type StaffEndpoint } from '../../testing/staff-role-matrix.js';

/**
 * The staff API for team members and sponsors (issue 14) on the real service: PostgreSQL, Redis, identity as
 * the stub with chosen roles. Role matrix, validation with the importer's rules, order (every key once; 409
 * when items came or went), optimistic concurrency (409 with what changed; a move is not a change), revision
 * bumps seen on the public lists at once, pictures through sharp, the audit log, and an export/import round trip.
 */

const P = '/staff-api/content';
let site: StaffContentSite;
let editor: string;

async function call(method: string, path: string, authorization: string | undefined, body?: unknown): Promise<Response> {
  return site.call(method, `${P}${path}`, authorization, body);
}

async function addMember(body: CreateTeamMemberRequest): Promise<StaffTeamMember> {
  const res = await call('POST', '/team', editor, body);
  assert.equal(res.status, 201, await res.clone().text());
  return staffTeamMemberAnswerSchema.parse(await res.json()).member;
}

async function addSponsor(body: CreateSponsorRequest): Promise<StaffSponsor> {
  const res = await call('POST', '/sponsors', editor, body);
  assert.equal(res.status, 201, await res.clone().text());
  return staffSponsorAnswerSchema.parse(await res.json()).sponsor;
}

async function teamKeys(): Promise<string[]> {
  return staffTeamListAnswerSchema.parse(await (await call('GET', '/team', editor)).json()).members.map((m) => m.key);
}

async function publicTeam(): Promise<string[]> {
  return teamListSchema.parse(await (await site.call('GET', '/teammanagement/get', undefined)).json()).map((m) => m._id);
}

async function publicSponsors() {
  return sponsorListSchema.parse(await (await site.call('GET', '/sponsorship/get', undefined)).json());
}

/**
 * A public list read until `ok` (at most 5 s): the service learns of the new revision through NOTIFY, which a
 * process busy with sharp may take a moment to read. The value read last is returned for the assertion.
 */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > 5_000) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function auditActions(target: string): Promise<string[]> {
  const { rows } = await site.pool.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [target]);
  return rows.map((r) => r.action);
}

async function upload(path: string, field: string, bytes: Buffer, name: string, type: string): Promise<Response> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${site.url}${P}${path}`, { method: 'PUT', headers: { Authorization: editor }, body: form });
}

before(async () => {
  site = await startStaffContentSite('content_staff_team');
  editor = site.bearer(['editor']);
});

after(async () => {
  await site?.stop();
});

describe('staff team and sponsors API: who may call', () => {
  it('editor and owner may; other roles, members, no second factor and no session may not', async () => {
    const member = await addMember({ name: 'Role check' });
    const sponsor = await addSponsor({ name: 'Role check sponsor' });
    const endpoints: StaffEndpoint[] = [
      ['GET', '/team'],
      ['GET', `/team/${member.key}`],
      ['POST', '/team', { name: 'x' }],
      ['PUT', `/team/${member.key}`, { name: 'x', version: 1000 }],
      ['PUT', '/team/order', { keys: ['nope'] }],
      ['DELETE', `/team/${member.key}?version=1000`],
      ['PUT', `/team/${member.key}/photo?version=1000`],
      ['GET', '/sponsors'],
      ['GET', `/sponsors/${sponsor.key}`],
      ['POST', '/sponsors', { name: 'x' }],
      ['PUT', `/sponsors/${sponsor.key}`, { name: 'x', version: 1000 }],
      ['PUT', '/sponsors/order', { keys: ['nope'] }],
      ['DELETE', `/sponsors/${sponsor.key}?version=1000`],
      ['PUT', `/sponsors/${sponsor.key}/logo?version=1000`],
    ];
    await assertEditorsOnly(site, call, endpoints);
  });
});

describe('staff team and sponsors API: validation', () => {
  it('400 naming the field, with the importer rules; unknown keys 404', async () => {
    const bad: Array<[string, unknown, string]> = [
      ['/team', { name: ' ' }, 'name'],
      ['/team', { name: 'A', designation: 'x'.repeat(201) }, 'designation'],
      ['/team', { name: 'A', description: 7 }, 'description'],
      ['/team', { name: 'A', order: 2 }, ''],
      ['/sponsors', { name: 'A', link: 'javascript:alert(1)' }, 'link'],
      ['/sponsors', { name: 'A', imageAlt: 'x'.repeat(301) }, 'imageAlt'],
      ['/sponsors', 'not an object', ''],
    ];
    for (const [path, body, field] of bad) {
      const res = await call('POST', path, editor, body);
      assert.equal(res.status, 400, `${path} ${JSON.stringify(body).slice(0, 60)}`);
      const answer = (await res.json()) as { error: string; fields?: Record<string, string> };
      if (field) assert.ok(answer.fields?.[field], `${field} named: ${JSON.stringify(answer)}`);
    }
    assert.equal((await call('PUT', '/team/order', editor, { keys: ['a', 'a'] })).status, 400);
    assert.equal((await call('DELETE', '/team/x?version=abc', editor)).status, 400);
    assert.equal((await call('GET', '/team/no-such-member', editor)).status, 404);
    assert.equal((await call('GET', '/sponsors', editor)).headers.get('cache-control'), 'no-store', 'staff answers are never cached');
    assert.equal((await call('GET', '/sponsors/bad%20key', editor)).status, 404);
    assert.equal((await call('PUT', '/team/no-such-member', editor, { name: 'A', version: 1 })).status, 404);
  });
});

describe('staff team and sponsors API: editing', () => {
  it('a new member goes last, shows on /teammanagement/get, moves first by PUT /team/order', async () => {
    const revision = (await readRevision(site.pool)).revision;
    const member = await addMember({ name: 'Meena Raman', designation: 'Youth Coordinator', description: 'Runs the youth group.', imageAlt: 'Meena smiling' });
    assert.equal(member.key, 'meena-raman');
    assert.equal((await addMember({ name: 'மீனா' })).key, 'team', 'a name without Latin letters gets the noun as key');
    assert.ok((await readRevision(site.pool)).revision > revision, 'the revision went up');
    const keys = await teamKeys();
    assert.equal(keys.at(-2), member.key, 'added after the others');
    assert.deepEqual(await eventually(publicTeam, (list) => list.join() === keys.join()), keys, 'the public list has it, in the same order');
    const moved = [member.key, ...keys.filter((k) => k !== member.key)];
    const res = await call('PUT', '/team/order', editor, { keys: moved });
    assert.equal(res.status, 200);
    assert.deepEqual(staffTeamListAnswerSchema.parse(await res.json()).members.map((m) => m.key), moved);
    assert.deepEqual(await eventually(publicTeam, (list) => list.join() === moved.join()), moved, '/teammanagement/get shows the new order');
    const stored = staffTeamMemberAnswerSchema.parse(await (await call('GET', `/team/${member.key}`, editor)).json()).member;
    assert.equal(stored.version, member.version, 'moving is not a change of the member');
    assert.deepEqual(await auditActions(`team:${member.key}`), ['team_member_created']);
    assert.deepEqual(await auditActions('team'), ['team_reordered']);
    const again = await call('PUT', '/team/order', editor, { keys: moved.slice(1) });
    assert.equal(again.status, 409, 'an order without every member is stale');
  });

  it('an edit on a stale copy is refused with 409 and what changed; delete needs the current version', async () => {
    const member = await addMember({ name: 'Stale test', designation: 'Treasurer' });
    const theirs = await call('PUT', `/team/${member.key}`, editor, { name: 'Stale test', designation: 'Secretary', version: member.version });
    assert.equal(theirs.status, 200);
    const mine = await call('PUT', `/team/${member.key}`, editor, { name: 'Stale test', designation: 'Treasurer', description: 'mine', version: member.version });
    assert.equal(mine.status, 409);
    const stale = staleTeamMemberAnswerSchema.parse(await mine.json());
    assert.equal(stale.current.designation, 'Secretary');
    assert.deepEqual(stale.changed, ['designation', 'description']);
    assert.equal((await call('DELETE', `/team/${member.key}?version=${member.version}`, editor)).status, 409);
    assert.equal((await call('DELETE', `/team/${member.key}?version=${stale.current.version}`, editor)).status, 200);
    assert.ok(!(await eventually(publicTeam, (list) => !list.includes(member.key))).includes(member.key), 'removed from the public list');
    assert.deepEqual(await auditActions(`team:${member.key}`), ['team_member_created', 'team_member_updated', 'team_member_deleted']);
    const { rows } = await site.pool.query<{ summary: string }>("SELECT summary FROM audit_log WHERE target = $1 AND action = 'team_member_updated'", [`team:${member.key}`]);
    assert.equal(rows[0]?.summary, 'designation "Treasurer" -> "Secretary"');
  });

  it('a sponsor with a logo and a link shows on /sponsorship/get; picture uploads: 413, 415, 400, 409', async () => {
    const sponsor = await addSponsor({ name: 'Lotus Dental', link: 'https://example.com/lotus', imageAlt: 'Lotus Dental logo' });
    const res = await upload(`/sponsors/${sponsor.key}/logo?version=${sponsor.version}`, 'logo', await pngPicture(600, 300, { r: 10, g: 120, b: 40 }), 'lotus.png', 'image/png');
    assert.equal(res.status, 200, await res.clone().text());
    const withLogo = staffSponsorAnswerSchema.parse(await res.json()).sponsor;
    assert.equal(withLogo.logo?.alt, 'Lotus Dental logo');
    assert.equal(withLogo.logo?.width, 600);
    assert.equal(withLogo.version, sponsor.version + 1);
    const shown = (await eventually(publicSponsors, (list) => list.some((s) => s._id === sponsor.key && s.image !== null))).find((s) => s._id === sponsor.key);
    assert.equal(shown?.image, withLogo.logo?.file, 'the public list has the logo at once');
    assert.equal(shown?.link, 'https://example.com/lotus');
    assert.equal(shown?.imageMeta?.alt, 'Lotus Dental logo');
    assert.equal((await site.call('GET', withLogo.logo?.url ?? '', undefined)).headers.get('content-type'), 'image/webp');
    const path = `/sponsors/${sponsor.key}/logo?version=${withLogo.version}`;
    assert.equal((await upload(path, 'logo', Buffer.alloc(COVER_MAX_BYTES + 1), 'big.png', 'image/png')).status, 413);
    assert.equal((await upload(path, 'logo', Buffer.from('%PDF-1.4'), 'doc.pdf', 'application/pdf')).status, 415);
    assert.equal((await upload(path, 'logo', Buffer.from('not a png'), 'fake.png', 'image/png')).status, 400);
    assert.equal((await upload(path, 'photo', svgPicture('#123456'), 'a.svg', 'image/svg+xml')).status, 400, 'the wrong field');
    assert.equal((await upload(`/sponsors/${sponsor.key}/logo?version=${sponsor.version}`, 'logo', svgPicture('#123456'), 'a.svg', 'image/svg+xml')).status, 409);
    const renamed = await call('PUT', `/sponsors/${sponsor.key}`, editor, { name: 'Lotus Dental Care', link: null, imageAlt: 'Lotus logo', version: withLogo.version });
    assert.equal(renamed.status, 200);
    const after = (await eventually(publicSponsors, (list) => list.some((s) => s._id === sponsor.key && s.name === 'Lotus Dental Care'))).find((s) => s._id === sponsor.key);
    assert.deepEqual([after?.name, after?.link, after?.imageMeta?.alt], ['Lotus Dental Care', null, 'Lotus logo'], 'alt text follows the edit');
    assert.deepEqual(await auditActions(`sponsor:${sponsor.key}`), ['sponsor_created', 'sponsor_logo_changed', 'sponsor_updated']);
    const member = await addMember({ name: 'With photo', imageAlt: 'A portrait' });
    const photo = await upload(`/team/${member.key}/photo?version=${member.version}`, 'photo', svgPicture('#aa3300', 300, 300), 'me.svg', 'image/svg+xml');
    assert.equal(photo.status, 200);
    assert.equal(staffTeamMemberAnswerSchema.parse(await photo.json()).member.photo?.alt, 'A portrait');
  });

  it('a sponsor order naming a sponsor that was removed meanwhile is 409 with the list as it is', async () => {
    const a = await addSponsor({ name: 'Order A' });
    const b = await addSponsor({ name: 'Order B' });
    const list = staffSponsorListAnswerSchema.parse(await (await call('GET', '/sponsors', editor)).json()).sponsors.map((s) => s.key);
    assert.equal((await call('DELETE', `/sponsors/${a.key}?version=${a.version}`, editor)).status, 200);
    const res = await call('PUT', '/sponsors/order', editor, { keys: [...list].reverse() });
    assert.equal(res.status, 409);
    const stale = staleSponsorOrderAnswerSchema.parse(await res.json());
    assert.ok(!stale.sponsors.some((s) => s.key === a.key) && stale.sponsors.some((s) => s.key === b.key));
    const ok = await call('PUT', '/sponsors/order', editor, { keys: stale.sponsors.map((s) => s.key).reverse() });
    assert.equal(ok.status, 200);
    assert.equal((await eventually(publicSponsors, (list) => list[0]?._id === b.key))[0]?._id, b.key, 'the last one is first now');
  });
});

describe('staff team and sponsors API: export and import', () => {
  it('what the editor made (order, alt text without a picture, logo, link) round-trips through export into a fresh database', async () => {
    const columns = 'key, name, image, image_alt, image_meta ->> \'alt\' AS alt';
    const queries = [
      `SELECT ${columns}, designation, description FROM team_members ORDER BY sort_order, name, key`,
      `SELECT ${columns}, link FROM sponsors ORDER BY sort_order, name, key`,
    ];
    await exportIntoFreshDatabase(site, 'content_staff_team_roundtrip', async (fresh) => {
      const { rows } = await fresh.query<{ image_alt: string; image: string | null }>("SELECT image_alt, image FROM team_members WHERE key = 'meena-raman'");
      assert.deepEqual(rows[0], { image_alt: 'Meena smiling', image: null }, 'alt text kept without a photo');
      for (const sql of queries) {
        const [made, imported] = await Promise.all([site.pool.query(sql), fresh.query(sql)]);
        assert.ok(made.rows.length > 0);
        assert.deepEqual(imported.rows, made.rows, sql.slice(0, 60));
      }
    });
  });
});
