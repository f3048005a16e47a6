/**
 * Drives a service through a PostgreSQL restart: `concurrency` lanes send `total` requests; once
 * `stopAfterAnswers` have been answered the test's private PostgreSQL is stopped (fast shutdown), kept away for
 * `downMs` and started again while the lanes keep going. Records every answer (its status, JSON body and
 * Retry-After, and whether it was sent before, during or after the outage), /readyz while the database is away
 * and after, and how long the service took to answer successfully again. The caller asserts.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiErrorSchema } from '@tca/contracts';
import type { PrivatePostgres } from './private-postgres.js';
import { waitFor } from './processes.js';

export type RestartPhase = 'before' | 'down' | 'after';

export interface RestartLoadAnswer {
  /** Which request (0 .. total-1). */
  n: number;
  /** The HTTP status; 0 when no answer came (the connection failed). */
  status: number;
  /** When it was sent relative to the outage: stop() began / start() resolved. */
  phase: RestartPhase;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  contentType: string | null;
  retryAfter: string | null;
  /** Milliseconds since the run began, when the answer arrived. */
  answeredAt: number;
  /** Why no answer came (status 0). */
  failure?: string;
}

export interface RestartLoadOptions {
  server: PrivatePostgres;
  /** The service's base URL (its /readyz is polled). */
  serviceUrl: string;
  total: number;
  concurrency: number;
  stopAfterAnswers: number;
  downMs: number;
  /** What a lane waits after an answer other than `okStatus`, as a client backing off would. */
  backoffMs: number;
  /** The status of a successful request, e.g. 201, or per request (e.g. 201 for a registration, 200 for a login). */
  okStatus: number | ((n: number) => number);
  send(n: number): Promise<Response>;
}

export interface RestartLoadResult {
  answers: RestartLoadAnswer[];
  /** /readyz statuses while the database was away (right after the stop and half-way through). */
  readyWhileDown: number[];
  /** Milliseconds from start() resolving to /readyz answering 200 (undefined: it never did within 15 s). */
  readyAfterMs: number | undefined;
  /** Milliseconds from start() resolving to the first successful answer to a request sent after it. */
  recoveryMs: number | undefined;
  /** Milliseconds from stop() beginning to start() resolving. */
  outageMs: number;
  elapsedMs: number;
}

function okStatusOf(okStatus: RestartLoadOptions['okStatus']): (n: number) => number {
  return typeof okStatus === 'number' ? () => okStatus : okStatus;
}

async function readyStatus(serviceUrl: string): Promise<number> {
  try {
    const res = await fetch(`${serviceUrl}/readyz`);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export async function runThroughPostgresRestart(options: RestartLoadOptions): Promise<RestartLoadResult> {
  const { server, serviceUrl, total, concurrency, stopAfterAnswers, downMs, backoffMs, send } = options;
  const okStatus = okStatusOf(options.okStatus);
  const began = Date.now();
  const now = () => Date.now() - began;
  const answers: RestartLoadAnswer[] = [];
  let phase: RestartPhase = 'before';
  let next = 0;
  let backAt = 0;
  let outageStartedAt = 0;
  let resolveStopTime: () => void = () => undefined;
  const stopTime = new Promise<void>((resolve) => (resolveStopTime = resolve));

  async function lane(): Promise<void> {
    while (next < total) {
      const n = next++;
      const sentIn = phase;
      let answer: RestartLoadAnswer;
      try {
        const res = await send(n);
        const text = await res.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        answer = { n, status: res.status, phase: sentIn, body, contentType: res.headers.get('content-type'), retryAfter: res.headers.get('retry-after'), answeredAt: now() };
      } catch (err) {
        answer = { n, status: 0, phase: sentIn, body: undefined, contentType: null, retryAfter: null, answeredAt: now(), failure: err instanceof Error ? err.message : String(err) };
      }
      answers.push(answer);
      if (answers.length === stopAfterAnswers) resolveStopTime();
      if (answer.status !== okStatus(n)) await sleep(backoffMs);
    }
  }

  async function fault(): Promise<{ readyWhileDown: number[]; readyAfterMs: number | undefined }> {
    await stopTime;
    phase = 'down';
    outageStartedAt = now();
    await server.stop();
    const readyWhileDown = [await readyStatus(serviceUrl)];
    await sleep(downMs / 2);
    readyWhileDown.push(await readyStatus(serviceUrl));
    await sleep(Math.max(0, downMs - (now() - outageStartedAt)));
    await server.start();
    backAt = now();
    phase = 'after';
    let readyAfterMs: number | undefined;
    await waitFor(async () => (await readyStatus(serviceUrl)) === 200, 15_000, '/readyz 200 after the restart')
      .then(() => (readyAfterMs = now() - backAt))
      .catch(() => undefined);
    return { readyWhileDown, readyAfterMs };
  }

  const faulted = fault();
  await Promise.all(Array.from({ length: concurrency }, () => lane()));
  // Fewer answers than stopAfterAnswers would leave the fault waiting: let it run now (the caller sees it came late).
  resolveStopTime();
  const { readyWhileDown, readyAfterMs } = await faulted;
  const firstOk = answers.filter((a) => a.phase === 'after' && a.status === okStatus(a.n)).sort((a, b) => a.answeredAt - b.answeredAt)[0];
  answers.sort((a, b) => a.n - b.n);
  return {
    answers,
    readyWhileDown,
    readyAfterMs,
    recoveryMs: firstOk ? firstOk.answeredAt - backAt : undefined,
    outageMs: backAt - outageStartedAt,
    elapsedMs: now(),
  };
}

/** Answers per status, e.g. `{"201":280,"503":20}`. */
export function statusCounts(answers: readonly RestartLoadAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * What a service must show through the restart: no answer of 500 or above but 503, and none without an
 * answer; every 503 a JSON `service_unavailable` error with a message and Retry-After; some 503s (the fault
 * did happen); /readyz 503 while the database is away and 200 after; and, without restarting the service,
 * success again after the database is back, for every one of the last `tailAllOk` requests.
 */
export function assertSurvivedPostgresRestart(result: RestartLoadResult, expected: RestartLoadOptions['okStatus'], tailAllOk: number): void {
  const { answers } = result;
  const okStatus = okStatusOf(expected);
  const failed = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
  assert.deepEqual(
    failed.map((a) => `#${a.n} (${a.phase}): ${a.status} ${a.failure ?? JSON.stringify(a.body)}`),
    [],
    'no answer >= 500 other than 503, and every request answered',
  );
  const unavailable = answers.filter((a) => a.status === 503);
  assert.ok(unavailable.length > 0, 'some requests were answered 503: the database was away while they ran');
  for (const a of unavailable) {
    assert.match(a.contentType ?? '', /^application\/json/, `#${a.n}: 503 as JSON`);
    const body = apiErrorSchema.parse(a.body);
    assert.equal(body.error, 'service_unavailable', `#${a.n}: ${JSON.stringify(a.body)}`);
    assert.ok(body.message.length > 0);
    assert.ok(Number(a.retryAfter) > 0, `#${a.n}: Retry-After ${a.retryAfter}`);
  }
  assert.ok(result.readyWhileDown.length > 0 && result.readyWhileDown.every((status) => status === 503), `/readyz while the database is away: ${result.readyWhileDown.join(', ')}`);
  assert.notEqual(result.readyAfterMs, undefined, '/readyz answers 200 again after the restart');
  assert.notEqual(result.recoveryMs, undefined, 'successful answers again after the restart');
  const tail = answers.slice(-tailAllOk);
  assert.ok(tail.every((a) => a.phase === 'after'), `the last ${tailAllOk} requests were sent after the restart (raise total)`);
  assert.deepEqual(tail.filter((a) => a.status !== okStatus(a.n)).map((a) => `#${a.n}: ${a.status}`), [], `the last ${tailAllOk} requests answered successfully`);
}

/** One line for the README: answers per phase and status, stored and lost, outage and recovery times. */
export function formatRestartLoad(label: string, result: RestartLoadResult, expected: RestartLoadOptions['okStatus'], stored: { stored: number; lost: number; extra?: string }): string {
  const { answers } = result;
  const okStatus = okStatusOf(expected);
  const ok = answers.filter((a) => a.status === okStatus(a.n)).length;
  const unavailable = answers.filter((a) => a.status === 503).length;
  const perPhase = (['before', 'down', 'after'] as const).map((phase) => `${phase} ${JSON.stringify(statusCounts(answers.filter((a) => a.phase === phase)))}`).join(', ');
  return (
    `${label}: submitted ${answers.length} / ${typeof expected === 'number' ? expected : 'ok'} ${ok} / 503 ${unavailable} / other ${answers.length - ok - unavailable} / stored ${stored.stored} / lost ${stored.lost}` +
    ` / time to recover ${result.recoveryMs ?? '-'} ms (readyz 200 after ${result.readyAfterMs ?? '-'} ms; Postgres away ${result.outageMs} ms;` +
    ` readyz while away ${result.readyWhileDown.join(',')}; answers by phase: ${perPhase}${stored.extra ? `; ${stored.extra}` : ''}; ${result.elapsedMs} ms in all)`
  );
}
