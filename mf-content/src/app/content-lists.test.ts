import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serviceForPath } from '@tca/contracts';
import { getBlogPosts } from '../features/blog/api/get-blog-posts.js';
import { getLatestPosts } from '../features/blog/api/get-latest-posts.js';
import { getEvents } from '../features/events/api/get-events.js';
import { getGalleryEvents } from '../features/gallery/api/get-gallery-events.js';
import { getSponsors } from '../features/home/api/get-sponsors.js';
import { getTeamMembers } from '../features/team/api/get-team-members.js';

test("each feature's content list is the spec's endpoint, served by the content service", () => {
  const lists = { getBlogPosts, getLatestPosts, getEvents, getGalleryEvents, getSponsors, getTeamMembers };
  assert.deepEqual(Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.path])), {
    getBlogPosts: '/blog/get',
    getLatestPosts: '/blog/latest',
    getEvents: '/events/get',
    getGalleryEvents: '/gallery/get',
    getSponsors: '/sponsorship/get',
    getTeamMembers: '/teammanagement/get',
  });
  for (const list of Object.values(lists)) assert.equal(serviceForPath(list.path), 'content', list.path);
});
