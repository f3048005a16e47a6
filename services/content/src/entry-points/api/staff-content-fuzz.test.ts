import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COVER_MAX_BYTES, staffPostAnswerSchema, type CreatePostRequest, type StaffPost } from '@tca/contracts';
import { answersWith, fuzzAndCheck, fuzzSeed, type FuzzTarget } from '@tca/service-kit/testing';
import { svgPicture } from '../../testing/content-fixtures.js';
import { startStaffContentSite, type StaffContentSite } from '../../testing/staff-content-site.js';

/**
 * The staff API for blog posts under generated input (issue 13 fuzzing rules): 300 seeded requests per
 * endpoint from an editor's session (the owner's for the audit list), each answered below 500 with every
 * 4xx a JSON `error` and `message`; exactly one stored post per 201; the service still ready after.
 * A failure prints its seed: replay with FUZZ_SEED=<seed>.
 */

const SEED = fuzzSeed(20261128);
const COUNT = 300;
const TIME_CAP_MS = 25_000;
const P = '/staff-api/content';

let site: StaffContentSite;
let editor: string;
let target: StaffPost;

const valid: CreatePostRequest[] = [
  { title: 'Fuzz post', date: '2027-01-15', body: '# Hi\n\n**bold** <b>x</b>', status: 'draft' },
  { title: 'Fuzz scheduled', date: '2027-01-15', body: '', status: 'scheduled', publishAt: '2099-01-01T00:00:00+10:30', coverAlt: 'alt' },
  // The Tamil versions (issue 17) are mutated like the English fields.
  { title: 'Fuzz Tamil', date: '2027-01-15', body: 'Hi', status: 'draft', ta: { title: 'தமிழ் இடுகை', body: '# வணக்கம்\n\n<script>x</script>' } },
];

async function postCount(): Promise<number> {
  const { rows } = await site.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM blog_posts');
  return rows[0]?.n ?? -1;
}

before(async () => {
  site = await startStaffContentSite('content_staff_fuzz', { CONTENT_SCHEDULE_CHECK_MS: '60000' });
  editor = site.bearer(['editor']);
  const res = await site.call('POST', `${P}/posts`, editor, valid[0]);
  target = staffPostAnswerSchema.parse(await res.json()).post;
});

after(async () => {
  await site?.stop();
});

function run(endpoint: Omit<FuzzTarget, 'baseUrl' | 'headers'>, authorization = editor) {
  return fuzzAndCheck({ baseUrl: site.url, headers: { Authorization: authorization }, ...endpoint }, { seed: SEED, count: COUNT, timeCapMs: TIME_CAP_MS, concurrency: 4 });
}

describe('the staff content API under fuzzed requests', { timeout: 8 * (TIME_CAP_MS + 10_000) }, () => {
  it(`POST ${P}/posts: ${COUNT} requests, one stored post per 201`, async () => {
    const before = await postCount();
    const report = await run({ method: 'POST', path: `${P}/posts`, validBodies: valid });
    assert.ok(answersWith(report, 201) > 0, 'some generated posts are valid and created');
    assert.equal((await postCount()) - before, answersWith(report, 201), 'exactly one stored post per 201');
  });

  it(`PUT ${P}/posts/:key: ${COUNT} requests (bodies mutated; after the first save the version is stale: 409)`, async () => {
    const { key, version, title, date, body, status } = target;
    const report = await run({ method: 'PUT', path: `${P}/posts/${key}`, validBodies: [{ title, date, body, status, version, ta: { title: 'தலைப்பு', body: '' } }] });
    assert.ok(answersWith(report, 200) + answersWith(report, 409) > 0, 'valid edits are saved or refused as stale');
  });

  it(`GET ${P}/posts/:key and DELETE ${P}/posts/:key?version=: ${COUNT} requests each`, async () => {
    await run({ method: 'GET', path: `${P}/posts/:key`, pathParams: { key: [target.key] }, headerParams: { Authorization: [editor] } });
    await run({ method: 'DELETE', path: `${P}/posts/:key`, pathParams: { key: ['no-such-post'] }, query: { version: ['1'] } });
  });

  it(`POST ${P}/preview: ${COUNT} requests`, async () => {
    await run({ method: 'POST', path: `${P}/preview`, validBodies: [{ body: '# A\n\n[x](javascript:alert(1)) <script>x</script>' }] });
  });

  it(`PUT ${P}/posts/:key/cover: ${COUNT} uploads (file, fields and multipart structure mutated)`, async () => {
    const created = await site.call('POST', `${P}/posts`, editor, { ...valid[0], title: 'Cover fuzz' });
    const post = staffPostAnswerSchema.parse(await created.json()).post;
    // Uploads go to the literal path (the generator mutates the file and the multipart structure there).
    const report = await run({
      method: 'PUT',
      path: `${P}/posts/${post.key}/cover?version=${post.version}`,
      validUpload: { field: 'cover', fileName: 'pot.svg', contentType: 'image/svg+xml', content: svgPicture('#c2410c').toString('utf8'), limitBytes: COVER_MAX_BYTES },
    });
    assert.ok(answersWith(report, 200) > 0, 'a valid upload is stored (later ones are stale: 409)');
    await run({ method: 'PUT', path: `${P}/posts/:key/cover`, pathParams: { key: [post.key] }, query: { version: ['1'] } });
  });

  it(`GET ${P}/audit: ${COUNT} requests (owner; query mutated)`, async () => {
    await run({ method: 'GET', path: `${P}/audit`, query: { action: ['post_created'], actor: ['owner@example.org'], from: ['2026-03-01'], to: ['2026-03-02'], limit: ['10'], before: ['99'] } }, site.bearer(['owner']));
  });
});
