import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { readProcesses } from '../processes.js';
import { KUBERNETES_DIR, renderKubernetes } from './render.js';

export interface KubernetesResult {
  dir: string;
  /** Files written (or, with `check`, that differ from a fresh render), relative to dir. */
  changed: string[];
  /** .yaml files under dir that the render no longer has: deleted (or, with `check`, reported). */
  stale: string[];
  unknown: string[];
}

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.yaml')).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/**
 * Renders deploy/kubernetes from the process list (`npm run kubernetes -w @tca/stack`); with `check`,
 * writes nothing and only reports what differs (kubernetes.test.ts fails while anything does).
 */
export async function generateKubernetes(rootDir: string, { check = false }: { check?: boolean } = {}): Promise<KubernetesResult> {
  const dir = join(rootDir, KUBERNETES_DIR);
  const { processes, unknown } = await readProcesses(rootDir);
  const files = renderKubernetes(processes);
  const changed: string[] = [];
  for (const file of files) {
    const path = join(dir, file.path);
    if ((await readFile(path, 'utf8').catch(() => undefined)) === file.text) continue;
    changed.push(file.path);
    if (!check) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.text);
    }
  }
  const wanted = new Set(files.map((f) => f.path));
  const stale = (await yamlFiles(dir)).filter((path) => !wanted.has(path)).sort();
  if (!check) for (const path of stale) await rm(join(dir, path));
  return { dir, changed, stale, unknown };
}
