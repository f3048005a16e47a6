import { loginAnswerProblem, loginBody, type BenchAccount } from './login-report.js';

/**
 * The requests the benches send through the site's gateway while preparing a run (not measured):
 * JSON POSTs, and registering an account that is then logged in.
 */

/** POSTs `body` as JSON (with a bearer token when given); the status and the parsed answer (its text when not JSON, null when empty). */
export async function postJson(url: string, body: string, token?: string): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

/** Registers an account (POST /auth/register must answer 201), logs it in and checks the answer; its session token. */
export async function registerAndLogin(gatewayUrl: string, account: BenchAccount): Promise<string> {
  const registered = await postJson(`${gatewayUrl}/auth/register`, JSON.stringify(account));
  if (registered.status !== 201) throw new Error(`Registering ${account.email} answered ${registered.status}: ${JSON.stringify(registered.json)}`);
  const login = await postJson(`${gatewayUrl}/auth/login`, loginBody(account));
  const problem = loginAnswerProblem(login.status, login.json, account.email);
  if (problem) throw new Error(`Logging in ${account.email} failed: ${problem} ${JSON.stringify(login.json)}`);
  return (login.json as { token: string }).token;
}
