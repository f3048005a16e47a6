import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiErrorSchema } from '@tca/contracts';
import { newToken } from '../../domain/secrets.js';
import { call, newAddress, newEmail, outboxMails, registerAndLogin, registration, startTestIdentity, type TestIdentity } from '../../testing/harness.js';

/** Small limits, so each can be reached in a few calls. */
const LIMITS = {
  LOGIN_RATE_LIMIT_PER_IP: '4',
  LOGIN_FAILURE_LIMIT_PER_ACCOUNT: '3',
  REGISTER_RATE_LIMIT_PER_IP: '2',
  RESET_RATE_LIMIT_PER_IP: '3',
  RESET_RATE_LIMIT_PER_EMAIL: '2',
  RESET_PASSWORD_RATE_LIMIT_PER_IP: '3',
  RESET_PASSWORD_RATE_LIMIT_PER_TOKEN: '2',
  AUTH_RATE_LIMIT_WINDOW_MS: '600000',
};

let identity: TestIdentity;

before(async () => {
  identity = await startTestIdentity('limits', LIMITS);
});
after(async () => {
  await identity?.stop();
});

async function statuses(calls: Array<() => Promise<Response>>): Promise<number[]> {
  const result: number[] = [];
  for (const next of calls) {
    const res = await next();
    result.push(res.status);
    await res.body?.cancel();
  }
  return result;
}

const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

/** A 429 with Retry-After (seconds, within the window) and a clear message. */
async function assertLimited(res: Response, message: RegExp): Promise<void> {
  assert.equal(res.status, 429);
  const retryAfter = Number(res.headers.get('retry-after'));
  assert.ok(retryAfter > 0 && retryAfter <= 600, `Retry-After ${res.headers.get('retry-after')}`);
  const body = apiErrorSchema.parse(await res.json());
  assert.equal(body.error, 'rate_limited');
  assert.match(body.message, message);
  assert.match(body.message, /Please try again in 10 minutes\.$/);
}

describe('rate limits', () => {
  it('login: per address, over every account it tries', async () => {
    const ip = newAddress();
    const codes = await statuses(times(4, () => () => call(identity, '/auth/login', { email: newEmail(), password: 'Wrong#pass1' }, { ip })));
    assert.deepEqual(codes, [401, 401, 401, 401]);
    await assertLimited(await call(identity, '/auth/login', { email: newEmail(), password: 'Wrong#pass1' }, { ip }), /^Too many login attempts from this address\./);
    // Another address is not affected.
    assert.equal((await call(identity, '/auth/login', { email: newEmail(), password: 'Wrong#pass1' }, { ip: newAddress() })).status, 401);
  });

  it('login: failed attempts per account, from any address; successes do not count', async () => {
    const { email, password } = await registerAndLogin(identity);
    const wrong = () => call(identity, '/auth/login', { email: email.toUpperCase(), password: 'Wrong#pass1' }, { ip: newAddress() });
    const right = () => call(identity, '/auth/login', { email, password }, { ip: newAddress() });
    assert.deepEqual(await statuses([right, right, wrong, right, wrong, right, wrong]), [200, 200, 401, 200, 401, 200, 401]);
    await assertLimited(await right(), /^Too many failed logins for this account\./);
    // Other accounts log in as usual.
    const other = await registerAndLogin(identity);
    assert.equal((await call(identity, '/auth/login', { email: other.email, password: other.password }, { ip: newAddress() })).status, 200);
  });

  it('register: per address', async () => {
    const ip = newAddress();
    assert.deepEqual(await statuses(times(2, () => () => call(identity, '/auth/register', registration(), { ip }))), [201, 201]);
    await assertLimited(await call(identity, '/auth/register', registration(), { ip }), /^Too many registrations from this address\./);
  });

  it('reset requests: per address, and per e-mail whether or not it has an account', async () => {
    const ip = newAddress();
    assert.deepEqual(await statuses(times(3, () => () => call(identity, '/auth/send-reset-email', { email: newEmail() }, { ip }))), [200, 200, 200]);
    await assertLimited(await call(identity, '/auth/send-reset-email', { email: newEmail() }, { ip }), /^Too many reset requests from this address\./);

    const { email } = await registerAndLogin(identity);
    const unknown = newEmail('nobody');
    for (const target of [email, unknown]) {
      assert.deepEqual(await statuses(times(2, () => () => call(identity, '/auth/send-reset-email', { email: target }, { ip: newAddress() }))), [200, 200]);
      await assertLimited(await call(identity, '/auth/send-reset-email', { email: target.toUpperCase() }, { ip: newAddress() }), /^Too many reset requests for this e-mail address\./);
    }
    assert.equal((await outboxMails(identity.pool, email)).length, 2, 'the refused request sent nothing');
  });

  it('password resets: per address, over every token it tries', async () => {
    const ip = newAddress();
    const attempt = (from: string) => () => call(identity, '/auth/reset-password', { token: newToken().token, password: 'Thai#Pongal2027' }, { ip: from });
    assert.deepEqual(await statuses(times(3, () => attempt(ip))), [400, 400, 400]);
    await assertLimited(await attempt(ip)(), /^Too many password reset attempts from this address\./);
    assert.equal((await statuses([attempt(newAddress())]))[0], 400, 'another address is not affected');
  });

  it('password resets: per token, from any address', async () => {
    const { token } = newToken();
    const attempt = () => call(identity, '/auth/reset-password', { token, password: 'Thai#Pongal2027' }, { ip: newAddress() });
    assert.deepEqual(await statuses([attempt, attempt]), [400, 400]);
    await assertLimited(await attempt(), /^Too many attempts with this reset link\./);
    const other = () => call(identity, '/auth/reset-password', { token: newToken().token, password: 'Thai#Pongal2027' }, { ip: newAddress() });
    assert.equal((await statuses([other]))[0], 400, 'another token is not affected');
  });

  it('change-password: wrong current passwords per user', async () => {
    const { email, password, login } = await registerAndLogin(identity);
    const wrong = () => call(identity, '/auth/change-password', { email, currentPassword: 'Wrong#pass1', newPassword: 'Brand#New2026' }, { token: login.token });
    assert.deepEqual(await statuses([wrong, wrong, wrong]), [400, 400, 400]);
    const blocked = await call(identity, '/auth/change-password', { email, currentPassword: password, newPassword: 'Brand#New2026' }, { token: login.token });
    await assertLimited(blocked, /^Too many wrong current passwords\./);
  });
});

describe('rate limits set to 0', () => {
  let open: TestIdentity;
  before(async () => {
    open = await startTestIdentity('nolimits');
  });
  after(async () => {
    await open?.stop();
  });

  it('turn limiting off', async () => {
    const ip = newAddress();
    const email = newEmail();
    assert.ok((await statuses(times(8, () => () => call(open, '/auth/login', { email, password: 'Wrong#pass1' }, { ip })))).every((s) => s === 401));
    assert.ok((await statuses(times(6, () => () => call(open, '/auth/register', registration(), { ip })))).every((s) => s === 201));
    assert.ok((await statuses(times(6, () => () => call(open, '/auth/send-reset-email', { email }, { ip })))).every((s) => s === 200));
    const { token } = newToken();
    assert.ok((await statuses(times(6, () => () => call(open, '/auth/reset-password', { token, password: 'Thai#Pongal2027' }, { ip })))).every((s) => s === 400));
  });
});
