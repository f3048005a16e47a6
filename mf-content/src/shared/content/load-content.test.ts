import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { ContentLoadError, contentList, loadContent } from './load-content.js';

const sponsor = { _id: 's1', name: 'Spice Shop', image: null, imageMeta: null, link: 'https://spice.example.org' };
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
const requests: string[] = [];
const server = createServer((req, res) => {
  requests.push(`${req.method} ${req.url}`);
  answer(req, res);
});
let baseUrl = '';

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

test('a list is fetched from its endpoint and checked against the contract', async () => {
  answer = json(200, [sponsor]);
  assert.deepEqual(await loadContent('/sponsorship/get', { baseUrl }), [sponsor]);
  assert.equal(requests.at(-1), 'GET /sponsorship/get');
  const sponsors = contentList<typeof sponsor>('/sponsorship/get');
  assert.equal(sponsors.path, '/sponsorship/get');
  assert.deepEqual(await sponsors.load({ baseUrl }), [sponsor], "a feature's list loads from its own path");
  assert.equal(requests.at(-1), 'GET /sponsorship/get');
});

test('an error status, an answer that is not a list, bad JSON and no server are told apart', async () => {
  answer = json(503, { error: 'unavailable' });
  await assert.rejects(loadContent('/events/get', { baseUrl }), (error: unknown) => error instanceof ContentLoadError && error.kind === 'http' && error.status === 503);
  assert.equal(requests.at(-1), 'GET /events/get');

  answer = json(200, { items: [sponsor] });
  await assert.rejects(loadContent('/sponsorship/get', { baseUrl }), (error: unknown) => error instanceof ContentLoadError && error.kind === 'invalid');

  answer = (_req, res) => res.end('<html>');
  await assert.rejects(loadContent('/teammanagement/get', { baseUrl }), (error: unknown) => error instanceof ContentLoadError && error.kind === 'invalid');

  await assert.rejects(loadContent('/blog/get', { baseUrl: 'http://127.0.0.1:1' }), (error: unknown) => error instanceof ContentLoadError && error.kind === 'network');
});

test('an aborted load rejects with the abort, not as a network failure', async () => {
  answer = () => undefined; // never answers
  const controller = new AbortController();
  const loading = loadContent('/gallery/get', { baseUrl, signal: controller.signal });
  controller.abort();
  await assert.rejects(loading, (error: unknown) => !(error instanceof ContentLoadError) && error instanceof Error && error.name === 'AbortError');
});
