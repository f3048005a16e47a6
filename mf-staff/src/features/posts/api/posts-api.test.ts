import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COVER_FIELD, POST_STALE_MESSAGE, type StaffPost } from '@tca/contracts';
import { answering, jsonResponse, type FetchCall } from '@tca/ui/testing/api-doubles';
import { createPost } from './create-post.js';
import { deletePost } from './delete-post.js';
import { getPost } from './get-post.js';
import { listPosts } from './list-posts.js';
import { previewPost } from './preview-post.js';
import { updatePost } from './update-post.js';
import { uploadCover } from './upload-cover.js';

const post: StaffPost = {
  key: 'pongal-2026',
  title: 'Pongal 2026',
  date: '2026-01-14',
  body: 'Hello',
  status: 'draft',
  publishAt: null,
  updatedAt: '2026-01-10T00:00:00.000Z',
  version: 2,
  cover: null,
  coverAlt: '',
};
const fields = { title: post.title, date: post.date, body: post.body, status: post.status };

test('list, get, create and preview: their paths, methods, token and parsed answers', async () => {
  const calls: FetchCall[] = [];
  const list = await listPosts('tok', undefined, answering(() => jsonResponse(200, { posts: [post] }), calls));
  assert.equal(list.kind === 'ok' && list.answer?.posts[0]?.key, 'pongal-2026');
  const got = await getPost('tok', 'a b', undefined, answering(() => jsonResponse(200, { post }), calls));
  assert.equal(got.kind === 'ok' && got.answer?.post.version, 2);
  const made = await createPost('tok', fields, answering(() => jsonResponse(201, { post, message: 'Post created.' }), calls));
  assert.equal(made.kind === 'ok' && made.answer?.message, 'Post created.');
  const shown = await previewPost('tok', '**x**', undefined, answering(() => jsonResponse(200, { html: '<p><strong>x</strong></p>' }), calls));
  assert.equal(shown.kind === 'ok' && shown.answer?.html, '<p><strong>x</strong></p>');
  assert.deepEqual(
    calls.map((call) => `${call.init.method} ${call.input}`),
    ['GET /staff-api/content/posts', 'GET /staff-api/content/posts/a%20b', 'POST /staff-api/content/posts', 'POST /staff-api/content/preview'],
  );
  assert.equal((calls[2]?.init.headers as Record<string, string>).Authorization, 'Bearer tok');
  assert.deepEqual(JSON.parse(String(calls[3]?.init.body)), { body: '**x**' });
});

test('a 409 on save, delete or cover upload brings the current post and the changed fields', async () => {
  const current = { ...post, title: 'Pongal 2026!', version: 3 };
  const stale = { error: 'stale', message: POST_STALE_MESSAGE, current, changed: ['title'] };
  const calls: FetchCall[] = [];
  const saved = await updatePost('tok', post.key, { ...fields, version: 2 }, answering(() => jsonResponse(409, stale), calls));
  assert.equal(saved.result.kind, 'http');
  assert.equal(saved.result.kind === 'http' && saved.result.error?.message, POST_STALE_MESSAGE);
  assert.deepEqual(saved.stale?.changed, ['title']);
  assert.equal(saved.stale?.current.version, 3);
  const removed = await deletePost('tok', post.key, 2, answering(() => jsonResponse(409, { ...stale, changed: [] }), calls));
  assert.deepEqual(removed.stale?.changed, []);
  assert.deepEqual(
    calls.map((call) => `${call.init.method} ${call.input}`),
    ['PUT /staff-api/content/posts/pongal-2026', 'DELETE /staff-api/content/posts/pongal-2026?version=2'],
  );
  assert.equal(JSON.parse(String(calls[0]?.init.body)).version, 2);
  // Any other failure has no stale details.
  const other = await updatePost('tok', post.key, { ...fields, version: 2 }, answering(() => jsonResponse(400, { error: 'validation', message: 'x', fields: { title: 'Title is required' } })));
  assert.equal(other.stale, null);
  assert.equal(other.result.kind === 'http' && other.result.error?.fields?.title, 'Title is required');
});

test('the cover goes as multipart in the contracts\' field with the version; the answer is the post', async () => {
  const calls: FetchCall[] = [];
  const withCover = { ...post, version: 3, cover: { url: '/uploads/c.webp', file: 'c.webp', alt: 'A kolam', width: 800, height: 600 }, coverAlt: 'A kolam' };
  const sent = await uploadCover('tok', post.key, 2, new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'kolam.png', answering(() => jsonResponse(200, { post: withCover }), calls));
  assert.equal(sent.result.kind === 'ok' && sent.result.answer?.post.cover?.url, '/uploads/c.webp');
  assert.equal(calls[0]?.input, '/staff-api/content/posts/pongal-2026/cover?version=2');
  assert.equal(calls[0]?.init.method, 'PUT');
  const form = calls[0]?.init.body;
  assert.ok(form instanceof FormData);
  const file = form.get(COVER_FIELD);
  assert.ok(file instanceof File);
  assert.equal(file.name, 'kolam.png');
  assert.equal((calls[0]?.init.headers as Record<string, string>)['Content-Type'], undefined);
});
