import { KNOWN_BAD_RELEASES, type KnownBadRelease } from './known-bad-versions.js';

/** The part of an npm lockfile (v2/v3) this check reads. */
export interface Lockfile {
  lockfileVersion?: number;
  packages?: Record<string, { version?: string; name?: string; link?: boolean; resolved?: string; integrity?: string }>;
}

export interface KnownBadFinding {
  /** Where in node_modules, e.g. `node_modules/a/node_modules/event-stream`. */
  path: string;
  name: string;
  version: string;
  release: KnownBadRelease;
}

/** The installed package's name: the entry's `name` for an alias (`"x": "npm:y@1"`), else the path's last package. */
function packageName(path: string, entry: { name?: string }): string {
  if (entry.name) return entry.name;
  const at = path.lastIndexOf('node_modules/');
  return path.slice(at + 'node_modules/'.length);
}

/** Every package in the lockfile whose version is a known-bad release. */
export function findKnownBad(lockfile: Lockfile, releases: readonly KnownBadRelease[] = KNOWN_BAD_RELEASES): KnownBadFinding[] {
  if (!lockfile.packages || (lockfile.lockfileVersion ?? 0) < 2) {
    throw new Error('package-lock.json: expected lockfileVersion 2 or 3 with a "packages" map (npm 7 or later)');
  }
  const byName = new Map(releases.map((release) => [release.name, release]));
  const findings: KnownBadFinding[] = [];
  for (const [path, entry] of Object.entries(lockfile.packages)) {
    if (!path.includes('node_modules/') || entry.link || entry.version === undefined) continue;
    const name = packageName(path, entry);
    const release = byName.get(name);
    if (release?.versions.includes(entry.version)) findings.push({ path, name, version: entry.version, release });
  }
  return findings;
}

export function formatFindings(findings: readonly KnownBadFinding[]): string {
  return findings.map((f) => `${f.name}@${f.version} at ${f.path}: ${f.release.what} (${f.release.source})`).join('\n');
}
