import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  blogListSchema,
  eventListSchema,
  galleryListSchema,
  latestPostsSchema,
  sponsorListSchema,
  staffAlbumAnswerSchema,
  staffEventAnswerSchema,
  staffPostAnswerSchema,
  staffSponsorAnswerSchema,
  staffTeamMemberAnswerSchema,
  stalePostAnswerSchema,
  teamListSchema,
} from '@tca/contracts';
import type { Pool } from '@tca/service-kit';
import { exportIntoFreshDatabase, startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';

/**
 * The Tamil versions of content (issue 17) through the real service: written by the staff calls, stored,
 * sent as `ta` by the public lists (a Tamil post body rendered and sanitised like the English one), kept by
 * an update that sends no `ta`, removed by a blank one, named in a 409's `changed`, and carried by an export.
 */

const P = '/staff-api/content';
let site: StaffContentSite;
let editor: string;

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await site.call(method, `${P}${path}`, editor, body);
  return { status: res.status, json: await res.json() };
}

async function publicList(path: string): Promise<unknown> {
  return (await site.call('GET', path, undefined)).json();
}

const post = { title: 'Pongal 2026', date: '2026-01-14', body: '# Pongal\n\nWe met at the park.', status: 'published' } as const;

before(async () => {
  site = await startStaffContentSite('content_staff_tamil');
  editor = site.bearer(['editor']);
});

after(async () => {
  await site?.stop();
});

describe('Tamil versions of a blog post', () => {
  it('round-trips staff write -> public list, the Tamil html sanitised like the English and its excerpt made the same way', async () => {
    const tamilBody = '# பொங்கல்\n\nபூங்காவில் **சந்தித்தோம்**. [படங்கள்](https://example.org/p)\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n';
    const created = await send('POST', '/posts', { ...post, ta: { title: ' பொங்கல் 2026 ', body: tamilBody } });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const staff = staffPostAnswerSchema.parse(created.json).post;
    assert.deepEqual(staff.ta, { title: 'பொங்கல் 2026', body: tamilBody.trimEnd() });

    const blog = blogListSchema.parse(await publicList('/blog/get'));
    const item = blog.find((p) => p._id === staff.key);
    assert.ok(item?.ta);
    assert.equal(item.ta.name, 'பொங்கல் 2026');
    assert.equal(item.ta.desc, tamilBody.trimEnd());
    assert.equal(
      item.ta.html,
      '<h2>பொங்கல்</h2>\n<p>பூங்காவில் <strong>சந்தித்தோம்</strong>. <a href="https://example.org/p" rel="noopener noreferrer">படங்கள்</a></p>',
    );
    assert.doesNotMatch(item.ta.html ?? '', /script|onerror|<img/);

    const latest = latestPostsSchema.parse(await publicList('/blog/latest')).find((p) => p._id === staff.key);
    assert.equal(latest?.ta?.name, 'பொங்கல் 2026');
    assert.match(latest?.ta?.excerpt ?? '', /^பொங்கல் பூங்காவில் சந்தித்தோம்\. படங்கள்/);
  });

  it('an update without ta keeps the Tamil; a blank Tamil field removes it; a post without Tamil has no ta in the public list', async () => {
    const created = staffPostAnswerSchema.parse((await send('POST', '/posts', { ...post, title: 'Keep me', ta: { title: 'வைத்திருங்கள்' } })).json).post;
    const kept = await send('PUT', `/posts/${created.key}`, { ...post, title: 'Keep me', body: 'New body', version: created.version });
    assert.equal(kept.status, 200, JSON.stringify(kept.json));
    const keptPost = staffPostAnswerSchema.parse(kept.json).post;
    assert.deepEqual(keptPost.ta, { title: 'வைத்திருங்கள்' });

    const blanked = staffPostAnswerSchema.parse((await send('PUT', `/posts/${created.key}`, { ...post, title: 'Keep me', ta: { title: '  ', body: '' }, version: keptPost.version })).json).post;
    assert.deepEqual(blanked.ta, {});
    const { rows } = await site.pool.query<{ name_ta: string | null }>('SELECT name_ta FROM blog_posts WHERE key = $1', [created.key]);
    assert.equal(rows[0]?.name_ta, null, 'a blank Tamil field is stored as none');
    const raw = (await publicList('/blog/get')) as Array<Record<string, unknown>>;
    assert.equal('ta' in (raw.find((p) => p._id === created.key) ?? {}), false);

    const stale = await send('PUT', `/posts/${created.key}`, { ...post, title: 'Keep me', ta: { title: 'புதியது' }, version: created.version });
    assert.equal(stale.status, 409);
    assert.ok(stalePostAnswerSchema.parse(stale.json).changed.includes('ta.title'));
  });

  it('a Tamil field over the English limit is refused naming it', async () => {
    const res = await send('POST', '/posts', { ...post, ta: { title: 'த'.repeat(201) } });
    assert.equal(res.status, 400);
    assert.match(JSON.stringify(res.json), /Tamil title must be at most 200 characters/);
  });
});

describe('Tamil versions of events, albums, team members and sponsors', () => {
  it('each round-trips staff write -> public list; blank fields are absent', async () => {
    const event = staffEventAnswerSchema.parse(
      (
        await send('POST', '/events', {
          name: 'Tamil New Year', description: 'Music and food', date: '2026-04-14', endDate: null, time: '18:30', location: 'Town Hall', eventLink: null, status: 'Active',
          ta: { name: 'தமிழ்ப் புத்தாண்டு', description: 'இசையும் உணவும்', location: ' ' },
        })
      ).json,
    ).event;
    assert.deepEqual(event.ta, { name: 'தமிழ்ப் புத்தாண்டு', description: 'இசையும் உணவும்' });
    const events = eventListSchema.parse(await publicList('/events/get'));
    assert.deepEqual(events.find((e) => e._id === event.key)?.ta, { name: 'தமிழ்ப் புத்தாண்டு', description: 'இசையும் உணவும்' });

    const album = staffAlbumAnswerSchema.parse((await send('POST', '/albums', { name: 'Pongal', date: '2026-01-14', ta: { name: 'பொங்கல்' } })).json).album;
    assert.deepEqual(album.ta, { name: 'பொங்கல்' });
    assert.deepEqual(galleryListSchema.parse(await publicList('/gallery/get')).find((g) => g._id === album.key)?.ta, { name: 'பொங்கல்' });

    const member = staffTeamMemberAnswerSchema.parse((await send('POST', '/team', { name: 'Meena', designation: 'Secretary', ta: { name: 'மீனா', designation: 'செயலாளர்', description: '' } })).json).member;
    assert.deepEqual(member.ta, { name: 'மீனா', designation: 'செயலாளர்' });
    assert.deepEqual(teamListSchema.parse(await publicList('/teammanagement/get')).find((m) => m._id === member.key)?.ta, { name: 'மீனா', designation: 'செயலாளர்' });
    // An update without ta keeps it (the ordered lists' own path).
    const saved = staffTeamMemberAnswerSchema.parse((await send('PUT', `/team/${member.key}`, { name: 'Meena K', version: member.version })).json).member;
    assert.deepEqual(saved.ta, { name: 'மீனா', designation: 'செயலாளர்' });

    const sponsor = staffSponsorAnswerSchema.parse((await send('POST', '/sponsors', { name: 'Kadal Foods', ta: { name: 'கடல் உணவகம்' } })).json).sponsor;
    assert.deepEqual(sponsor.ta, { name: 'கடல் உணவகம்' });
    const cleared = staffSponsorAnswerSchema.parse((await send('PUT', `/sponsors/${sponsor.key}`, { name: 'Kadal Foods', ta: {}, version: sponsor.version })).json).sponsor;
    assert.deepEqual(cleared.ta, {});
    const raw = (await publicList('/sponsorship/get')) as Array<Record<string, unknown>>;
    assert.equal('ta' in (raw.find((s) => s._id === sponsor.key) ?? {}), false);
    sponsorListSchema.parse(raw);
  });

  it('an export carries the Tamil versions into another database', async () => {
    await exportIntoFreshDatabase(site, 'content_staff_tamil_export', async (pool: Pool) => {
      const posts = await pool.query<{ name_ta: string | null; description_ta: string | null }>("SELECT name_ta, description_ta FROM blog_posts WHERE name_ta = 'பொங்கல் 2026'");
      assert.equal(posts.rows.length, 1);
      assert.match(posts.rows[0]?.description_ta ?? '', /^# பொங்கல்\n\nபூங்காவில்/);
      const events = await pool.query<{ name_ta: string | null; location_ta: string | null }>("SELECT name_ta, location_ta FROM events WHERE name = 'Tamil New Year'");
      assert.deepEqual(events.rows, [{ name_ta: 'தமிழ்ப் புத்தாண்டு', location_ta: null }]);
      const team = await pool.query<{ designation_ta: string | null }>("SELECT designation_ta FROM team_members WHERE name = 'Meena K'");
      assert.deepEqual(team.rows, [{ designation_ta: 'செயலாளர்' }]);
      const albums = await pool.query<{ name_ta: string | null }>("SELECT name_ta FROM gallery_events WHERE name = 'Pongal'");
      assert.deepEqual(albums.rows, [{ name_ta: 'பொங்கல்' }]);
    });
  });
});
