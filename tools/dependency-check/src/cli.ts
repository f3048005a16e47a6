import { readFile } from 'node:fs/promises';
import { KNOWN_BAD_RELEASES } from './known-bad-versions.js';
import { findKnownBad, formatFindings, type Lockfile } from './known-bad-check.js';

/** `node --import tsx src/cli.ts <package-lock.json>`: exits 1 naming each known-bad release it holds. */
const path = process.argv[2] ?? 'package-lock.json';
const lockfile = JSON.parse(await readFile(path, 'utf8')) as Lockfile;
const findings = findKnownBad(lockfile);
const checked = Object.keys(lockfile.packages ?? {}).filter((key) => key.includes('node_modules/')).length;
if (findings.length > 0) {
  console.error(`${path}: ${findings.length} known-bad release(s):\n${formatFindings(findings)}`);
  process.exit(1);
}
console.log(`${path}: ${checked} packages, none of the ${KNOWN_BAD_RELEASES.reduce((n, r) => n + r.versions.length, 0)} known-bad releases`);
