/** Makes pino's JSON lines short and readable for the terminal; any other line passes unchanged. */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMIT = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'req', 'res', 'responseTime', 'err', 'error', 'service', 'reqId', 'v']);

export interface FormatOptions {
  color?: boolean;
}

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

function levelColor(level: number): string {
  if (level >= 50) return '31'; // red
  if (level >= 40) return '33'; // yellow
  if (level <= 20) return '90'; // grey
  return '32'; // green
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

interface PinoLine {
  level: number;
  time?: number | string;
  msg?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string; type?: string };
  [key: string]: unknown;
}

function parse(line: string): PinoLine | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value === 'object' && value !== null && typeof (value as { level?: unknown }).level === 'number') return value as PinoLine;
  } catch {
    // not JSON
  }
  return undefined;
}

/** One pino line → `12:00:01 INFO  listening url=http://...`; a request log → `GET /blog/get 200 12ms`. */
export function formatLogLine(line: string, options: FormatOptions = {}): string {
  const entry = parse(line);
  if (!entry) return line;
  const color = options.color ?? false;
  const time = entry.time !== undefined ? new Date(entry.time).toISOString().slice(11, 19) : '';
  const level = LEVELS[entry.level] ?? String(entry.level);
  let text = typeof entry.msg === 'string' ? entry.msg : '';
  if (entry.req && entry.res && typeof entry.req === 'object') {
    const ms = typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)}ms` : '';
    text = `${entry.req.method ?? ''} ${entry.req.url ?? ''} ${entry.res.statusCode ?? ''}${ms}`;
  }
  const extras = Object.entries(entry)
    .filter(([key, value]) => !OMIT.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${short(value)}`);
  const err = entry.err ?? (typeof entry.error === 'object' ? (entry.error as PinoLine['err']) : undefined);
  if (err?.message) extras.unshift(`error=${short(err.message)}`);
  let out = `${paint(color, '90', time)} ${paint(color, levelColor(entry.level), level.padEnd(5))} ${text}${extras.length ? ` ${paint(color, '90', extras.join(' '))}` : ''}`;
  if (entry.level >= 50 && err?.stack) {
    const frames = err.stack.split('\n').slice(1, 6).map((l) => `    ${l.trim()}`);
    out += `\n${paint(color, '90', frames.join('\n'))}`;
  }
  return out;
}
