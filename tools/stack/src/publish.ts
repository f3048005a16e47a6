import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { REMOTES, type Remote } from './project.js';
import { StackError } from './stack-error.js';

/**
 * The registry file as the gateway reads it (services/gateway/src/registry.ts: registryFileSchema):
 * `{ remotes: { <remote>?: <manifest URL or /path> }, loader?: {...} }`. Checked loosely here so that a
 * publish keeps whatever else is in the file; the gateway validates it fully on every read.
 */
const registryFileShape = z
  .object({
    remotes: z.record(z.string(), z.string()).default({}),
  })
  .passthrough();
type RegistryFileShape = z.infer<typeof registryFileShape>;

async function withLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock older than 30 s belongs to a publish that died: take it over.
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > 30_000) await unlink(lock).catch(() => undefined);
      else if (Date.now() > deadline) throw new StackError(`${lock} is held by another publish; try again (or delete it if none runs).`);
      else await sleep(20 + Math.random() * 30);
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

/** Writes `text` to `file` atomically: a temporary file in the same directory, flushed, then renamed over it. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Points `remote` at `manifest` in the registry file (undefined removes the entry: back to the
 * gateway's own /remotes/<name>/), keeping every other entry. Serialised with a lock file and written
 * atomically, so the gateway never reads a half-written file and concurrent publishes do not lose entries.
 * An existing file that is not valid JSON is not overwritten.
 */
export async function updateRegistryFile(registryFile: string, remote: Remote, manifest: string | undefined): Promise<RegistryFileShape> {
  await mkdir(dirname(registryFile), { recursive: true });
  return withLock(registryFile, async () => {
    let current: RegistryFileShape = { remotes: {} };
    let text: string | undefined;
    try {
      text = await readFile(registryFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text !== undefined && text.trim() !== '') {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (err) {
        throw new StackError(`${registryFile} is not valid JSON (${(err as Error).message}); fix or delete it, then publish again.`);
      }
      const parsed = registryFileShape.safeParse(json);
      if (!parsed.success) throw new StackError(`${registryFile} is not a registry file: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      current = parsed.data;
    }
    const remotes = Object.fromEntries(Object.entries(current.remotes).filter(([name]) => name !== remote));
    if (manifest !== undefined) remotes[remote] = manifest;
    const next: RegistryFileShape = { ...current, remotes };
    await writeFileAtomic(registryFile, `${JSON.stringify(next, null, 2)}\n`);
    return next;
  });
}

/** `20260101T120000Z-abc1234`: sortable, unique enough, no ':' (it goes in URLs and paths). */
export function defaultVersion(repoDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: repoDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return sha ? `${stamp}-${sha}` : stamp;
  } catch {
    return stamp;
  }
}

export interface PublishOptions {
  remote: Remote;
  /** The repository root. */
  repoDir: string;
  /** Where releases go (the gateway's RELEASES_DIR, default <repo>/.data/releases). */
  releasesDir: string;
  /** The gateway's REMOTES_REGISTRY_FILE (default <repo>/.data/remotes.json). */
  registryFile: string;
  /** Default: UTC timestamp + short git sha. */
  version?: string;
  /** The remote's project to build (default <repo>/mf-<remote>); tests build a modified copy. */
  projectDir?: string;
  /** Build output lines (default: inherited stdio). */
  onOutput?: (line: string) => void;
}

export interface PublishResult {
  remote: Remote;
  version: string;
  outDir: string;
  /** What the registry now points at: `/releases/<remote>/<version>/mf-manifest.json`. */
  manifestUrl: string;
}

/**
 * Deploys one remote without rebuilding the shell: builds it into `<releasesDir>/<remote>/<version>`
 * (MF_OUTPUT_PATH; its publicPath is 'auto', so it works from there), checks the manifest is there, then
 * points the registry at it. The next page load uses it; earlier releases stay for rollback.
 */
export async function publishRemote(options: PublishOptions): Promise<PublishResult> {
  const { remote, repoDir, releasesDir, registryFile } = options;
  if (!REMOTES.includes(remote)) throw new StackError(`Unknown remote "${String(remote)}": one of ${REMOTES.join(', ')}.`);
  const version = options.version ?? defaultVersion(repoDir);
  if (!/^[\w.-]+$/.test(version)) throw new StackError(`Invalid version "${version}": letters, digits, _ . - only.`);
  const projectDir = resolve(options.projectDir ?? join(repoDir, `mf-${remote}`));
  const outDir = resolve(releasesDir, remote, version);
  if (existsSync(outDir)) throw new StackError(`${outDir} already exists: releases are immutable, choose another version.`);
  await mkdir(dirname(outDir), { recursive: true });

  const code = await new Promise<number | null>((done) => {
    // --no: use the repository's rspack, never download one.
    const child = spawn('npx', ['--no', 'rspack', 'build', '--config', 'rspack.config.ts'], {
      cwd: projectDir,
      env: { ...process.env, MF_OUTPUT_PATH: outDir },
      stdio: options.onOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (options.onOutput) {
      const forward = (chunk: Buffer) => chunk.toString('utf8').split('\n').filter(Boolean).forEach((line) => options.onOutput?.(line));
      child.stdout?.on('data', forward);
      child.stderr?.on('data', forward);
    }
    child.on('error', () => done(-1));
    child.on('close', done);
  });
  if (code !== 0) {
    await rm(outDir, { recursive: true, force: true });
    throw new StackError(`Building ${remote} failed (exit ${code}); the registry was not changed.`);
  }
  if (!existsSync(join(outDir, 'mf-manifest.json'))) {
    throw new StackError(`The build of ${remote} wrote no mf-manifest.json in ${outDir} (does its rspack config honour MF_OUTPUT_PATH?); the registry was not changed.`);
  }
  const manifestUrl = `/releases/${remote}/${version}/mf-manifest.json`;
  await updateRegistryFile(registryFile, remote, manifestUrl);
  return { remote, version, outDir, manifestUrl };
}
