import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newToken, tokenHash } from './secrets.js';
import { resetPassword, ResetLinkError } from './password-changes.js';
import { brandFor } from './account-emails.js';
import { registerAndLogin, startTestIdentity, TEST_PUBLIC_URL, type TestIdentity } from '../testing/harness.js';

const NEW_PASSWORD = 'Thai#Pongal2027';
const mail = { brand: brandFor(TEST_PUBLIC_URL), publicUrl: TEST_PUBLIC_URL };

let identity: TestIdentity;
let userId: number;

before(async () => {
  identity = await startTestIdentity('password_changes');
  userId = Number((await registerAndLogin(identity)).login.user.id);
});
after(async () => {
  await identity?.stop();
});

/** A hasher that counts its calls (a cheap stand-in for argon2id). */
function countingHasher() {
  const hasher = (password: string) => {
    hasher.calls += 1;
    return Promise.resolve(`counted:${password}`);
  };
  hasher.calls = 0;
  return hasher;
}

/** Stores a reset link for the test user: its token. */
async function storedLink(state: 'usable' | 'used' | 'expired'): Promise<string> {
  const { token, hash } = newToken();
  await identity.pool.query(
    `INSERT INTO password_resets (user_id, token_hash, expires_at, used_at) VALUES ($1, $2, now() + $3::interval, CASE WHEN $4 THEN now() END)`,
    [userId, hash, state === 'expired' ? '-1 minute' : '1 hour', state === 'used'],
  );
  return token;
}

describe('resetPassword', () => {
  it('looks the link up before hashing: an unknown, used or expired link costs no password hash', async () => {
    const cases: Array<[string, string]> = [
      ['reset_link_invalid', newToken().token],
      ['reset_link_used', await storedLink('used')],
      ['reset_link_expired', await storedLink('expired')],
    ];
    for (const [code, token] of cases) {
      const hasher = countingHasher();
      await assert.rejects(resetPassword(identity.pool, token, NEW_PASSWORD, mail, hasher), (err) => err instanceof ResetLinkError && err.code === code);
      assert.equal(hasher.calls, 0, `${code}: no hash`);
    }
  });

  it('hashes once for a usable link, stores that hash and uses the link up', async () => {
    const token = await storedLink('usable');
    const hasher = countingHasher();
    await resetPassword(identity.pool, token, NEW_PASSWORD, mail, hasher);
    assert.equal(hasher.calls, 1);
    const { rows } = await identity.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
    assert.equal(rows[0]?.password_hash, `counted:${NEW_PASSWORD}`);
    const used = await identity.pool.query<{ used: boolean }>('SELECT used_at IS NOT NULL AS used FROM password_resets WHERE token_hash = $1', [tokenHash(token)]);
    assert.equal(used.rows[0]?.used, true);
  });
});
