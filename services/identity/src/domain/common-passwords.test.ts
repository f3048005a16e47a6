import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from '@tca/contracts';
import { ValidationError } from '@tca/service-kit';
import { readCommonPasswords } from '../data-access/common-password-list.js';
import { assertNotCommonPassword, commonPasswords, COMMON_PASSWORDS_CHECKED } from './common-passwords.js';

describe('the common-password list', () => {
  it('holds the top 100,000, lower-cased, those of 8+ characters kept', async () => {
    const list = await commonPasswords();
    assert.equal(COMMON_PASSWORDS_CHECKED, 100_000);
    // 38,452 of the top 100,000 have 8 characters or more (a new list version may move this a little).
    assert.ok(list.size > 35_000 && list.size < 45_000, `${list.size} entries`);
    for (const entry of ['password', '12345678', 'iloveyou', 'p@ssw0rd', 'qwertyuiop']) assert.ok(list.has(entry), entry);
    assert.ok(![...list].some((entry) => entry.length < PASSWORD_MIN_LENGTH || entry !== entry.toLowerCase()));
  });

  it('reads only as far as asked: the top 1,000 lack what the top 100,000 have', async () => {
    const top1000 = await readCommonPasswords(1000, PASSWORD_MIN_LENGTH);
    assert.ok(top1000.has('password') && !top1000.has('p@ssw0rd'));
    await assert.rejects(readCommonPasswords(10_000_000, 1), /fewer than the 10000000 expected/);
  });

  it('refuses a listed password in any case, naming the field; lets others through', async () => {
    for (const password of ['P@ssw0rd', 'P@SSW0RD', '1qaz!QAZ']) {
      await assert.rejects(assertNotCommonPassword(password, 'newPassword'), (err: unknown) => {
        assert.ok(err instanceof ValidationError);
        assert.deepEqual([err.status, err.message, err.fields], [400, COMMON_PASSWORD_MESSAGE, { newPassword: COMMON_PASSWORD_MESSAGE }]);
        return true;
      });
    }
    await assertNotCommonPassword('Kolam#2026pass', 'password');
    await assertNotCommonPassword('P@ssw0rd!x', 'password');
  });
});
