import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { readJson } from './project.js';
import { StackError } from './stack-error.js';

interface PackageJson {
  name?: string;
  main?: string;
  exports?: unknown;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export type WorkspaceKind = 'package' | 'service' | 'remote' | 'shell' | 'other';

export interface Workspace {
  /** Path relative to the root, e.g. 'services/content'. */
  rel: string;
  dir: string;
  name: string;
  kind: WorkspaceKind;
  pkg: PackageJson;
  /** Names of the other workspaces it depends on. */
  internalDeps: string[];
}

const KIND_ORDER: Record<WorkspaceKind, number> = { package: 0, service: 1, remote: 2, shell: 3, other: 4 };

function kindOf(rel: string): WorkspaceKind {
  if (rel.startsWith('packages/')) return 'package';
  if (rel.startsWith('services/')) return 'service';
  if (/^mf-[^/]+$/.test(rel)) return 'remote';
  if (rel === 'shell') return 'shell';
  return 'other';
}

/** The root package.json's workspaces (exact paths, or `dir/*`). */
export async function readWorkspaces(rootDir: string): Promise<Workspace[]> {
  const root = await readJson<{ workspaces?: string[] }>(join(rootDir, 'package.json'));
  const rels: string[] = [];
  for (const pattern of root.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of await readdir(join(rootDir, parent), { withFileTypes: true })) {
        if (entry.isDirectory()) rels.push(`${parent}/${entry.name}`);
      }
    } else {
      rels.push(pattern);
    }
  }
  const found: Array<Omit<Workspace, 'internalDeps'>> = [];
  for (const rel of rels) {
    const pkgFile = join(rootDir, rel, 'package.json');
    if (!existsSync(pkgFile)) continue;
    const pkg = await readJson<PackageJson>(pkgFile);
    found.push({ rel, dir: join(rootDir, rel), name: pkg.name ?? rel, kind: kindOf(rel), pkg });
  }
  const names = new Set(found.map((w) => w.name));
  return found.map((w) => ({
    ...w,
    internalDeps: Object.keys({ ...w.pkg.dependencies, ...w.pkg.devDependencies, ...w.pkg.peerDependencies }).filter((d) => names.has(d) && d !== w.name),
  }));
}

/** Dependencies first; among independent workspaces: packages, services, remotes, shell. */
export function buildOrder(workspaces: Workspace[]): Workspace[] {
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const sorted = [...workspaces].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.rel.localeCompare(b.rel));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: Workspace[] = [];
  const visit = (w: Workspace) => {
    if (done.has(w.name)) return;
    if (visiting.has(w.name)) throw new Error(`dependency cycle through ${w.name}`);
    visiting.add(w.name);
    for (const dep of w.internalDeps) {
      const d = byName.get(dep);
      if (d) visit(d);
    }
    visiting.delete(w.name);
    done.add(w.name);
    out.push(w);
  };
  sorted.forEach(visit);
  return out;
}

function rspackConfig(dir: string): string | undefined {
  return ['rspack.config.ts', 'rspack.config.js', 'rspack.config.mjs'].map((f) => join(dir, f)).find((f) => existsSync(f));
}

/** The file whose presence (and age) says the workspace is built, or undefined when it has no build output. */
export function artifactOf(w: Workspace): string | undefined {
  if (typeof w.pkg.scripts?.build !== 'string') return undefined;
  switch (w.kind) {
    case 'service':
      return join(w.dir, 'dist/index.js');
    case 'remote':
      return join(w.dir, 'dist/mf-manifest.json');
    case 'shell':
      return join(w.dir, 'dist/index.html');
    case 'package': {
      const exported = (w.pkg.exports as { '.'?: { default?: unknown } } | undefined)?.['.']?.default;
      const main = typeof exported === 'string' ? exported : w.pkg.main;
      return typeof main === 'string' && main.includes('dist/') ? join(w.dir, main) : undefined;
    }
    default:
      return undefined;
  }
}

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Own sources and config; for bundles (remotes, shell) also the sources of the workspaces they bundle. */
async function sourcesMtime(w: Workspace, byName: Map<string, Workspace>): Promise<number> {
  const own = async (x: Workspace) => {
    const files = (await readdir(x.dir)).filter((f) => /^(package\.json|tsconfig.*\.json|rspack\.config\.\w+)$/.test(f));
    const times = await Promise.all([newestMtime(join(x.dir, 'src')), ...files.map((f) => newestMtime(join(x.dir, f)))]);
    return Math.max(0, ...times);
  };
  let newest = await own(w);
  if (w.kind === 'remote' || w.kind === 'shell') {
    const seen = new Set<string>();
    const stack = [...w.internalDeps];
    while (stack.length > 0) {
      const name = stack.pop() ?? '';
      if (seen.has(name)) continue;
      seen.add(name);
      const dep = byName.get(name);
      if (!dep) continue;
      newest = Math.max(newest, await own(dep));
      stack.push(...dep.internalDeps);
    }
  }
  return newest;
}

export interface BuildStep {
  workspace: Workspace;
  reason: string;
}

export interface BuildPlan {
  steps: BuildStep[];
  /** Workspaces that cannot be built yet, with why (e.g. a frontend without an rspack config). */
  skipped: Array<{ workspace: Workspace; why: string }>;
}

/** What `npm start` must build: workspaces whose output is missing or older than their sources. */
export async function planBuild(rootDir: string): Promise<BuildPlan> {
  const workspaces = await readWorkspaces(rootDir);
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const plan: BuildPlan = { steps: [], skipped: [] };
  for (const w of buildOrder(workspaces)) {
    const artifact = artifactOf(w);
    if (!artifact) continue;
    if ((w.kind === 'remote' || w.kind === 'shell') && !rspackConfig(w.dir)) {
      if (!existsSync(artifact)) plan.skipped.push({ workspace: w, why: `${w.rel} has no rspack config yet; not building it` });
      continue;
    }
    if (w.kind === 'service' && !existsSync(join(w.dir, 'src/index.ts'))) {
      if (!existsSync(artifact)) plan.skipped.push({ workspace: w, why: `${w.rel} has no src/index.ts yet; not building it` });
      continue;
    }
    if (!existsSync(artifact)) {
      plan.steps.push({ workspace: w, reason: `${relative(w.dir, artifact)} is missing` });
      continue;
    }
    const built = (await stat(artifact)).mtimeMs;
    if ((await sourcesMtime(w, byName)) > built) plan.steps.push({ workspace: w, reason: 'sources changed since the last build' });
  }
  return plan;
}

/** Runs `npm run build -w <name>` for each step, in order; throws with the output's tail on failure. */
export async function runBuild(rootDir: string, steps: BuildStep[], print: (line: string) => void): Promise<void> {
  for (const { workspace, reason } of steps) {
    print(`building ${workspace.rel} (${reason})`);
    const started = Date.now();
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('npm', ['run', 'build', '-w', workspace.name], { cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      const keep = (chunk: Buffer) => {
        output.push(...chunk.toString('utf8').split('\n'));
        if (output.length > 400) output.splice(0, output.length - 400);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (err) => {
        output.push(err.message);
        resolve(-1);
      });
      child.on('close', resolve);
    });
    if (code !== 0) {
      const tail = output.filter((l) => l.trim() && !l.includes('Unknown user config')).slice(-40).join('\n');
      throw new StackError(`Building ${workspace.rel} failed (npm run build -w ${workspace.name}, exit ${code}):\n${tail}`);
    }
    print(`built ${workspace.rel} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
