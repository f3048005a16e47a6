import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { decryptSecret, encryptSecret, newRecoveryCodes, recoveryCodeHash } from './staff-secrets.js';

describe('staff secrets', () => {
  it('authenticator secrets: AES-256-GCM with a new IV each time; another key or a changed byte is refused', () => {
    const key = randomBytes(32);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const a = encryptSecret(key, secret);
    const b = encryptSecret(key, secret);
    assert.notDeepEqual(a, b, 'a new IV each time');
    assert.ok(!a.toString('latin1').includes(secret));
    assert.equal(decryptSecret(key, a), secret);
    assert.throws(() => decryptSecret(randomBytes(32), a));
    const tampered = Buffer.from(a);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    assert.throws(() => decryptSecret(key, tampered));
  });

  it('recovery codes: ten different codes like abcde-fghjk; the hash ignores case, spaces and the hyphen', () => {
    const codes = newRecoveryCodes();
    assert.equal(new Set(codes).size, 10);
    for (const code of codes) assert.match(code, /^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const [code = ''] = codes;
    assert.deepEqual(recoveryCodeHash(code.toUpperCase().replace('-', ' ')), recoveryCodeHash(code));
    assert.notDeepEqual(recoveryCodeHash(codes[1] ?? ''), recoveryCodeHash(code));
  });
});
