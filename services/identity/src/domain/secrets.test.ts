import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { hashPassword, isTokenShaped, newToken, tokenHash, verifyPassword } from './secrets.js';
import { median } from '../testing/timing.js';

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe('passwords', () => {
  it('are hashed with argon2id, OWASP parameters, a fresh salt each time', async () => {
    const a = await hashPassword('Kolam#2026pass');
    const b = await hashPassword('Kolam#2026pass');
    assert.match(a, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    assert.notEqual(a, b);
  });

  it('verify the right password only', async () => {
    const stored = await hashPassword('Kolam#2026pass');
    assert.equal(await verifyPassword(stored, 'Kolam#2026pass'), true);
    assert.equal(await verifyPassword(stored, 'kolam#2026pass'), false);
    assert.equal(await verifyPassword('not a hash', 'Kolam#2026pass'), false);
  });

  it('without an account, do the same work and answer false', async () => {
    assert.equal(await verifyPassword(undefined, 'Kolam#2026pass'), false);
    const stored = await hashPassword('Kolam#2026pass');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(() => verifyPassword(stored, 'Wrong#pass1')));
      unknown.push(await timed(() => verifyPassword(undefined, 'Wrong#pass1')));
    }
    // An argon2 verification at these parameters takes milliseconds; skipping it would take microseconds.
    assert.ok(median(unknown) > median(known) / 3, `unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms`);
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const { token, hash } = newToken();
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(token, 'base64url').length, 32);
    assert.deepEqual(hash, createHash('sha256').update(token).digest());
    assert.deepEqual(tokenHash(token), hash);
    assert.notEqual(newToken().token, token);
  });

  it('only token-shaped strings are looked up', () => {
    assert.equal(isTokenShaped(newToken().token), true);
    for (const value of ['', 'short', 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}/`]) assert.equal(isTokenShaped(value), false, value);
  });
});
