import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALREADY_ENROLLED_MESSAGE, CHALLENGE_ENDED_MESSAGE, CODE_ALREADY_USED_MESSAGE, NOT_ENROLLED_MESSAGE, WRONG_CODE_MESSAGE } from '@tca/contracts';
import type { FetchLike } from '@tca/ui/api';
import { answering, jsonResponse as json, type FetchCall } from '@tca/ui/testing/api-doubles';
import { beginEnrolment } from './api/begin-enrolment.js';
import { confirmEnrolment } from './api/confirm-enrolment.js';
import { enterSecondFactor } from './api/enter-second-factor.js';
import { checkEnrolmentCode, checkSignInCode } from './code-checks.js';
import { LOGIN_TEXT } from './login-texts.js';
import { submitCode } from './submit-code.js';

/** The second sign-in step of a staff account (issue 14): what each typed code and each answer leads to. */

const challenge = 'ch_abc.DEF-123';
const user = { id: '3', email: 'owner@example.org', firstName: 'Kavya', lastName: 'Siva', phoneNumber: '61412345678' };
const session = { token: 'tok.123', user, expiresAt: '2026-11-28T06:00:00.000Z' };
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcde-fghj${'kmnpqrstuv'[i] ?? 'k'}`);

const sentBody = (calls: FetchCall[], i = 0) => JSON.parse(String(calls[i]?.init.body)) as unknown;
const failing = (status: number, error: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => () =>
  json(status, { error, message, ...extra }, headers);

/** Enter your code: a code (or recovery code) typed and sent to POST /auth/login/second-factor. */
const signIn = (typed: string, fetchImpl: FetchLike) => submitCode(typed, checkSignInCode, (code) => enterSecondFactor({ challenge, code }, { fetchImpl }));
/** Set up your authenticator app: the first code, sent to POST /auth/login/enrol/confirm. */
const confirm = (typed: string, fetchImpl: FetchLike) => submitCode(typed, checkEnrolmentCode, (code) => confirmEnrolment({ challenge, code }, { fetchImpl }));

test('a right code: POST /auth/login/second-factor with the challenge and the code as apps show it, answered with the session', async () => {
  const calls: FetchCall[] = [];
  const outcome = await signIn(' 123 456 ', answering(() => json(200, session), calls));
  assert.deepEqual(outcome, { kind: 'ok', answer: session });
  assert.equal(calls[0]?.input, '/auth/login/second-factor');
  assert.equal(calls[0]?.init.method, 'POST');
  assert.deepEqual(sentBody(calls), { challenge, code: '123456' });
});

test('a recovery code goes the same way, in the form identity reads it', async () => {
  const calls: FetchCall[] = [];
  assert.equal((await signIn('ABCDE-FGHJK', answering(() => json(200, session), calls))).kind, 'ok');
  assert.deepEqual(sentBody(calls), { challenge, code: 'abcdefghjk' });
});

test('a code that cannot be right is refused under the field and never sent', async () => {
  const calls: FetchCall[] = [];
  const fetchImpl = answering(() => json(200, session), calls);
  assert.deepEqual(await signIn('', fetchImpl), { kind: 'field', text: 'Code is required' });
  assert.deepEqual(await signIn('12345', fetchImpl), { kind: 'field', text: 'Enter the 6-digit code from your authenticator app, or a recovery code' });
  assert.deepEqual(await confirm('abcdefghjk', fetchImpl), { kind: 'field', text: 'Enter the 6-digit code from your authenticator app' });
  assert.equal(calls.length, 0);
});

test('a wrong code and a replayed code stay on the step with identity\'s message under the field', async () => {
  const wrong = failing(400, 'wrong_code', WRONG_CODE_MESSAGE, { fields: { code: WRONG_CODE_MESSAGE } });
  const replayed = failing(400, 'code_already_used', CODE_ALREADY_USED_MESSAGE, { fields: { code: CODE_ALREADY_USED_MESSAGE } });
  assert.deepEqual(await signIn('123456', answering(wrong)), { kind: 'field', text: WRONG_CODE_MESSAGE });
  assert.deepEqual(await signIn('123456', answering(replayed)), { kind: 'field', text: CODE_ALREADY_USED_MESSAGE });
  assert.deepEqual(await confirm('123456', answering(wrong)), { kind: 'field', text: WRONG_CODE_MESSAGE });
});

test('an ended sign-in goes back to the password step with the message; so do an app set up or missing meanwhile', async () => {
  assert.deepEqual(await signIn('123456', answering(failing(400, 'challenge_ended', CHALLENGE_ENDED_MESSAGE))), { kind: 'restart', text: CHALLENGE_ENDED_MESSAGE });
  assert.deepEqual(await signIn('123456', answering(failing(400, 'not_enrolled', NOT_ENROLLED_MESSAGE))), { kind: 'restart', text: NOT_ENROLLED_MESSAGE });
  assert.deepEqual(await confirm('123456', answering(failing(409, 'already_enrolled', ALREADY_ENROLLED_MESSAGE))), { kind: 'restart', text: ALREADY_ENROLLED_MESSAGE });
  // A challenge the schema refuses (validation error on the field) has ended as far as the person can tell.
  const badChallenge = failing(400, 'validation_error', 'This sign-in has expired.', { fields: { challenge: CHALLENGE_ENDED_MESSAGE } });
  assert.deepEqual(await signIn('123456', answering(badChallenge)), { kind: 'restart', text: CHALLENGE_ENDED_MESSAGE });
});

test('too many codes: the kit\'s too-many text with when to try again; the step stays', async () => {
  const limited = failing(429, 'rate_limited', 'Too many wrong codes for this sign-in. Log in again.', {}, { 'Retry-After': '60' });
  assert.deepEqual(await signIn('123456', answering(limited)), { kind: 'error', text: 'Too many wrong codes for this sign-in. Log in again. Please try again in 1 minute.' });
  assert.deepEqual(await signIn('123456', answering(() => new Response('', { status: 429 }))), { kind: 'error', text: 'Too many attempts.' });
});

test('server away, no answer, or an answer of the wrong shape: the login card\'s texts', async () => {
  assert.deepEqual(await signIn('123456', answering(() => json(404, {}))), { kind: 'error', text: LOGIN_TEXT.serverUnavailable });
  assert.deepEqual(await signIn('123456', answering(() => json(503, { error: 'service_unavailable', message: 'Starting' }))), { kind: 'error', text: LOGIN_TEXT.somethingWrong });
  assert.deepEqual(await signIn('123456', () => Promise.reject(new TypeError('Failed to fetch'))), { kind: 'error', text: LOGIN_TEXT.somethingWrong });
  // A confirmation without its ten recovery codes is not taken as a sign-in: they would never be shown.
  assert.deepEqual(await confirm('123456', answering(() => json(200, session))), { kind: 'error', text: LOGIN_TEXT.somethingWrong });
});

test('enrolment: POST /auth/login/enrol with the challenge; the first code (spaces taken out) to /enrol/confirm answers the codes', async () => {
  const calls: FetchCall[] = [];
  const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };
  const begun = await beginEnrolment({ challenge }, { fetchImpl: answering(() => json(200, setup), calls) });
  assert.deepEqual(begun.kind === 'ok' && begun.answer, setup);
  assert.equal(calls[0]?.input, '/auth/login/enrol');
  assert.deepEqual(sentBody(calls), { challenge });

  const confirmed = await confirm('123 456', answering(() => json(200, { ...session, recoveryCodes }), calls));
  assert.deepEqual(confirmed, { kind: 'ok', answer: { ...session, recoveryCodes } });
  assert.equal(calls[1]?.input, '/auth/login/enrol/confirm');
  assert.deepEqual(sentBody(calls, 1), { challenge, code: '123456' });
});
