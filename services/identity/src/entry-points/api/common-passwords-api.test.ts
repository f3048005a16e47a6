import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COMMON_PASSWORD_MESSAGE } from '@tca/contracts';
import { apiError, call, newEmail, outboxMails, registerAndLogin, registration, resetTokenIn, startTestIdentity, type TestIdentity } from '../../testing/harness.js';

/**
 * ASVS 2.1.7: a new password (register, reset, change) is refused when it is one of the 100,000 most common
 * passwords, ignoring case — these pass the composition rules and are on the list.
 */
const COMMON_BUT_COMPOSED = ['P@ssw0rd', 'p@SSW0RD', '1qaz!QAZ', 'ZAQ!2wsx', 'g00dPa$$w0rD'];

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('common_passwords');
});
after(async () => {
  await identity?.stop();
});

async function userCount(): Promise<number> {
  const { rows } = await identity.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return rows[0]?.n ?? -1;
}

describe('common passwords', () => {
  it('register: 400 on the password field, no account stored', async () => {
    const before = await userCount();
    for (const password of COMMON_BUT_COMPOSED) {
      const error = await apiError(await call(identity, '/auth/register', registration({ email: newEmail('common'), password })), 400);
      assert.equal(error.error, 'validation_failed');
      assert.equal(error.message, COMMON_PASSWORD_MESSAGE);
      assert.deepEqual(error.fields, { password: COMMON_PASSWORD_MESSAGE }, password);
    }
    assert.equal(await userCount(), before);
    assert.equal((await call(identity, '/auth/register', registration({ email: newEmail('uncommon'), password: 'P@ssw0rd-Kolam-27' }))).status, 201, 'a longer one is fine');
  });

  it('reset: 400 with the link still usable; change: 400 on newPassword, the old password still works', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    assert.equal((await call(identity, '/auth/send-reset-email', { email })).status, 200);
    const mail = (await outboxMails(identity.pool, email)).at(-1);
    assert.ok(mail);
    const token = resetTokenIn(mail);
    const reset = await apiError(await call(identity, '/auth/reset-password', { token, password: 'ZAQ!2wsx' }), 400);
    assert.deepEqual([reset.error, reset.fields], ['validation_failed', { password: COMMON_PASSWORD_MESSAGE }]);

    const change = await apiError(
      await call(identity, '/auth/change-password', { currentPassword: password, newPassword: '1qaz!QAZ' }, { token: login.token }),
      400,
    );
    assert.deepEqual([change.error, change.fields], ['validation_failed', { newPassword: COMMON_PASSWORD_MESSAGE }]);
    assert.equal((await call(identity, '/auth/login', { email, password })).status, 200, 'the password did not change');
    assert.equal((await call(identity, '/auth/reset-password', { token, password: 'Thai#Pongal2027' })).status, 200, 'the link was not used up');
  });
});
