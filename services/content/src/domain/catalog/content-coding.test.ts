import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { strongEtag } from './content-catalog.js';
import { acceptedCodings, encodeAll, encodedEtag, representationFor } from './content-coding.js';

describe('Accept-Encoding', () => {
  const accepted = (header: string | undefined) => [...acceptedCodings(header)].sort().join(',');

  it('accepts the named codings, case-insensitively, with or without weights', () => {
    assert.equal(accepted('gzip, deflate, br, zstd'), 'br,gzip');
    assert.equal(accepted('gzip, deflate'), 'gzip');
    assert.equal(accepted('BR;Q=0.5'), 'br');
    assert.equal(accepted(' gzip ; q=0.001 , br;q=1.000'), 'br,gzip');
    assert.equal(accepted('x-gzip'), 'gzip');
  });

  it('honours q=0, and * for the codings not named', () => {
    assert.equal(accepted('br;q=0, gzip'), 'gzip');
    assert.equal(accepted('br;q=0, gzip;q=0.0'), '');
    assert.equal(accepted('*'), 'br,gzip');
    assert.equal(accepted('*;q=0'), '');
    assert.equal(accepted('gzip;q=0, *'), 'br');
    assert.equal(accepted('br;q=0, *;q=0.5'), 'gzip');
    assert.equal(accepted('identity;q=0'), '');
  });

  it('accepts nothing without a header, with an empty one, or for an element with a malformed weight', () => {
    assert.equal(accepted(undefined), '');
    assert.equal(accepted(''), '');
    assert.equal(accepted(' , ;q=1'), '');
    assert.equal(accepted('br;q=2, gzip'), 'gzip');
    assert.equal(accepted('br;q=abc'), '');
    assert.equal(accepted('br;q=0.0001'), '');
    assert.equal(accepted('identity'), '');
  });
});

describe('encodings of an answer', () => {
  const body = Buffer.from(JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ _id: `post-${i}`, name: 'பொங்கல் விழா', html: '<p>Hello</p>' }))));
  const etag = strongEtag(body);

  it('decompress to exactly the identity bytes, each under its own ETag', async () => {
    const encoded = await encodeAll(body, etag);
    assert.deepEqual(brotliDecompressSync(encoded.br.body), body);
    assert.deepEqual(gunzipSync(encoded.gzip.body), body);
    assert.equal(encoded.br.etag, `${etag.slice(0, -1)}-br"`);
    assert.equal(encoded.gzip.etag, encodedEtag(etag, 'gzip'));
    assert.equal(new Set([etag, encoded.br.etag, encoded.gzip.etag]).size, 3);
    assert.ok(encoded.br.body.length < encoded.gzip.body.length && encoded.gzip.body.length < body.length / 4);
  });

  it('are chosen br first, then gzip, identity otherwise', async () => {
    const encoded = await encodeAll(body, etag);
    const chosen = (header: string | undefined) => representationFor({ body, etag }, encoded, header);
    assert.equal(chosen('gzip, br').contentEncoding, 'br');
    assert.equal(chosen('gzip, br').etag, encoded.br.etag);
    assert.equal(chosen('gzip').contentEncoding, 'gzip');
    assert.equal(chosen('gzip').body, encoded.gzip.body);
    assert.equal(chosen(undefined).contentEncoding, undefined);
    assert.equal(chosen('*;q=0, identity;q=0').body, body, 'nothing acceptable: identity all the same');
    assert.equal(representationFor({ body, etag }, undefined, 'br').etag, etag, 'an answer without encodings');
  });

  it('are not sent when they are not smaller (a tiny list)', async () => {
    const tiny = Buffer.from('[]');
    const encoded = await encodeAll(tiny, strongEtag(tiny));
    const chosen = representationFor({ body: tiny, etag: strongEtag(tiny) }, encoded, 'br, gzip');
    assert.equal(chosen.contentEncoding, undefined);
    assert.equal(chosen.body, tiny);
  });
});
