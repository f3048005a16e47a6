import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The parts of a bench's header that say where its figures come from: the machine, the site's log level, the commit. */

/** "Node v20.19.0, 2 CPUs". */
export function machineLine(): string {
  return `Node ${process.version}, ${availableParallelism()} CPUs`;
}

/** The LOG_LEVEL the site's services run with (the stack's default: info). */
export function siteLogLevel(): string {
  return process.env.LOG_LEVEL?.trim() || 'info';
}

/** What the header says of a site the bench started itself: "the site started for this run, LOG_LEVEL info". */
export function startedSiteNote(): string {
  return `the site started for this run, LOG_LEVEL ${siteLogLevel()}`;
}

/** "commit 1a2b3c4", with " with uncommitted changes" when tracked files differ from it; "an unknown commit" outside git. */
export function describeTree(rootDir: string): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: rootDir, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: rootDir, encoding: 'utf8' }).trim() !== '';
    return `commit ${commit}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'an unknown commit';
  }
}
