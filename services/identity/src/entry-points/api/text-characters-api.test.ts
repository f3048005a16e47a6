import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiError, call, createMembershipBody, GOOD_PASSWORD, newEmail, registerAndLogin, registration, startTestIdentity, TEST_SERVICE_TOKEN, type TestIdentity } from '../../testing/harness.js';

/**
 * Identity's requests with characters PostgreSQL cannot store in text or jsonb: NUL ("\u0000") and a lone
 * UTF-16 surrogate ("\uD800"). Such a first name used to reach the users table and come back as a 500
 * internal_error; now every text field answers 400 naming the field (the contracts' textField), and nothing
 * is stored.
 */

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('text_characters');
});
after(async () => {
  await identity?.stop();
});

const BAD_CHARACTERS = [
  ['NUL', '\u0000'],
  ['a lone surrogate', '\uD800'],
] as const;

/** `value` with `bad` after its third character. */
const spoil = (value: string, bad: string) => `${value.slice(0, 3)}${bad}${value.slice(3)}`;

async function rows(table: 'users' | 'memberships' | 'membership_dependants' | 'outbox'): Promise<number> {
  const { rows: counted } = await identity.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return counted[0]?.n ?? -1;
}

/** The 400 naming exactly `field` with the "not allowed" message. */
async function assertRefused(res: Response, field: string): Promise<void> {
  const body = await apiError(res, 400);
  assert.equal(body.error, 'validation_failed');
  assert.deepEqual(Object.keys(body.fields ?? {}), [field]);
  assert.match(body.fields?.[field] ?? '', /^\S.* contains a character that is not allowed$/);
  assert.match(body.message, /contains a character that is not allowed\.$/);
}

describe('POST /auth/register with characters the database cannot store', () => {
  it('registers the same form without them (the control)', async () => {
    assert.equal((await call(identity, '/auth/register', registration())).status, 201);
  });

  for (const [what, bad] of BAD_CHARACTERS) {
    for (const field of ['firstName', 'lastName', 'email', 'phoneNumber', 'password'] as const) {
      it(`answers 400 naming ${field} when it holds ${what}, and stores no account and no e-mail`, async () => {
        const before = [await rows('users'), await rows('outbox')];
        const input = registration();
        await assertRefused(await call(identity, '/auth/register', { ...input, [field]: spoil(input[field], bad) }), field);
        assert.deepEqual([await rows('users'), await rows('outbox')], before);
      });
    }
  }
});

describe('the other account calls', () => {
  it('login, reset request, reset and change password name the field holding NUL', async () => {
    const { email, login } = await registerAndLogin(identity);
    await assertRefused(await call(identity, '/auth/login', { email, password: `Kolam\u0000` }), 'password');
    await assertRefused(await call(identity, '/auth/send-reset-email', { email: spoil(email, '\u0000') }), 'email');
    await assertRefused(await call(identity, '/auth/reset-password', { token: spoil('a'.repeat(43), '\u0000'), password: GOOD_PASSWORD }), 'token');
    await assertRefused(await call(identity, '/auth/change-password', { currentPassword: GOOD_PASSWORD, newPassword: `${GOOD_PASSWORD}\uD800` }, { token: login.token }), 'newPassword');
  });
});

describe('memberships with characters the database cannot store', () => {
  it('POST /internal/memberships: 400 naming the detail, and no membership stored', async () => {
    const { email, login } = await registerAndLogin(identity);
    for (const [what, bad] of BAD_CHARACTERS) {
      for (const field of ['firstName', 'addressLine1', 'profession', 'referredBy'] as const) {
        const body = createMembershipBody(login.user.id, email);
        const details = { ...body.details, [field]: spoil(body.details[field] ?? 'Anu Raman', bad) };
        const before = await rows('memberships');
        const res = await call(identity, '/internal/memberships', { ...body, details }, { serviceToken: TEST_SERVICE_TOKEN });
        await assertRefused(res, `details.${field}`).catch((err: unknown) => assert.fail(`${field} with ${what}: ${String(err)}`));
        assert.equal(await rows('memberships'), before);
      }
    }
  });

  it('POST /membership/add-dependents: 400 naming the spouse or child name, and no dependant stored', async () => {
    const { email, login } = await registerAndLogin(identity, { email: newEmail('family') });
    const paid = await call(identity, '/internal/memberships', createMembershipBody(login.user.id, email, { membershipName: 'Gold-Family' }), { serviceToken: TEST_SERVICE_TOKEN });
    assert.equal(paid.status, 201);
    const { requestId } = (await paid.json()) as { requestId: string };
    for (const [, bad] of BAD_CHARACTERS) {
      const family = { userId: requestId, membershipType: 'Gold-Family', spouse: { name: 'Kumar Raman', age: 38 }, children: [{ name: 'Anbu', age: 9 }] };
      await assertRefused(await call(identity, '/membership/add-dependents', { ...family, spouse: { name: spoil('Kumar', bad), age: 38 } }, { token: login.token }), 'spouse.name');
      await assertRefused(await call(identity, '/membership/add-dependents', { ...family, children: [{ name: spoil('Anbu', bad), age: 9 }] }, { token: login.token }), 'children.0.name');
    }
    assert.equal(await rows('membership_dependants'), 0);
  });
});
