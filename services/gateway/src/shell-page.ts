import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
  INLINE_REGISTRY_ID,
  manifestEntry,
  PAGE_ASSETS_FILE,
  pageForPath,
  remoteForPage,
  type PageAssets,
  type PageId,
  type RemoteName,
  type RemoteRegistry,
} from '@tca/contracts';
import { contentSecurityPolicy } from './csp.js';
import { escapeHtml, jsonForScript } from './html-text.js';
import { seoLang, withHead, type SeoLang } from './seo.js';
import { preferredEncoding } from './static.js';

export { jsonForScript } from './html-text.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the browser should fetch at once, in parallel with the shell, for the page being opened. */
export interface PreloadHint {
  href: string;
  as: 'script' | 'style' | 'fetch';
}

export interface ShellPageOptions {
  shellDir: string;
  remoteDirs: Record<RemoteName, string>;
  releasesDir: string;
  registry: () => Promise<RemoteRegistry>;
  /** Problems reading a remote's manifest (the page is still served, without that remote's hints). */
  warn: (details: Record<string, unknown>, message: string) => void;
  /**
   * The page's head tags (title, description, canonical, OpenGraph, JSON-LD: seo.ts), in place of the template's
   * own `<title>` and meta description; without it the template's are served as they are.
   */
  head?: (pathname: string, lang: SeoLang) => Promise<string>;
}

interface ManifestShape {
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }>;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Files read once and read again when they change on disk (a redeploy), by size and mtime. */
class FileCache {
  private readonly entries = new Map<string, { version: string; text: string }>();

  async read(file: string): Promise<string | undefined> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    const version = `${info.size}-${info.mtimeMs}`;
    const hit = this.entries.get(file);
    if (hit?.version === version) return hit.text;
    const text = await readFile(file, 'utf8');
    this.entries.set(file, { version, text });
    return text;
  }
}

/** Where a registry location (a path on this origin) is on disk, if the gateway serves it itself. */
export function localFileFor(location: string, remoteDirs: Record<RemoteName, string>, releasesDir: string): string | undefined {
  if (!location.startsWith('/') || location.startsWith('//')) return undefined;
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(location);
  let base: string | undefined;
  let rest: string | undefined;
  if (remote) {
    base = remoteDirs[remote[1] as RemoteName];
    rest = remote[2];
  } else if (location.startsWith('/releases/')) {
    base = releasesDir;
    rest = location.slice('/releases/'.length);
  }
  if (!base || !rest) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  const root = resolve(base);
  const file = resolve(root, ...relative.split('/'));
  return file.startsWith(root + sep) ? file : undefined;
}


export function renderHints(hints: readonly PreloadHint[]): string {
  return hints
    .map(({ href, as }) => `<link rel="preload" as="${as}" href="${escapeHtml(href)}"${as === 'fetch' ? ' crossorigin' : ''}>`)
    .join('');
}

/**
 * The shell's index.html for one path, with the runtime registry written into it and preload hints for
 * the code of the page the path opens: the remote's manifest, its entry, its `./routes` module and the
 * page's own chunk. Without them the browser finds each of these only after running the previous one
 * (shell → registry → manifest → entry → routes → page), one round trip after another.
 */
export function createShellPage(options: ShellPageOptions) {
  const files = new FileCache();
  const compressed = new Map<string, Buffer>();

  async function remoteHints(remote: RemoteName, page: PageId, location: string): Promise<PreloadHint[]> {
    const hints: PreloadHint[] = [{ href: location, as: 'fetch' }];
    const manifestFile = localFileFor(location, options.remoteDirs, options.releasesDir);
    if (!manifestFile) return hints;
    const baseUrl = location.slice(0, location.lastIndexOf('/') + 1);
    const baseDir = manifestFile.slice(0, manifestFile.lastIndexOf(sep) + 1);
    try {
      const manifestText = await files.read(manifestFile);
      if (manifestText === undefined) return hints;
      const parsed: unknown = JSON.parse(manifestText);
      const manifest = parsed as ManifestShape;
      const entry = manifestEntry(parsed);
      // A remote's files are under the absolute publicPath its manifest names, else beside the manifest ('auto').
      const filesUrl = entry?.publicPath === undefined ? baseUrl : entry.publicPath.replace(/\/?$/, '/');
      if (entry) hints.push({ href: filesUrl + entry.file, as: 'script' });
      const routes = manifest.exposes?.find((expose) => expose.path === './routes');
      for (const file of strings(routes?.assets?.css?.sync)) hints.push({ href: filesUrl + file, as: 'style' });
      for (const file of strings(routes?.assets?.js?.sync)) hints.push({ href: filesUrl + file, as: 'script' });
      const assetsText = await files.read(baseDir + PAGE_ASSETS_FILE);
      const pageAssets = assetsText === undefined ? undefined : (JSON.parse(assetsText) as PageAssets)[page];
      for (const file of strings(pageAssets?.css)) hints.push({ href: filesUrl + file, as: 'style' });
      for (const file of strings(pageAssets?.js)) hints.push({ href: filesUrl + file, as: 'script' });
    } catch (err) {
      options.warn({ err, remote, manifest: location }, 'cannot read a remote manifest for preload hints');
    }
    return hints;
  }

  /** The page's HTML and CSP, or undefined when the shell is not built. */
  async function render(pathname: string, lang: SeoLang = 'en'): Promise<{ html: string; csp: string } | undefined> {
    const template = await files.read(resolve(options.shellDir, 'index.html'));
    if (template === undefined) return undefined;
    // The head (which may wait a moment for content) is made while the registry and the hints are read.
    const headTags = options.head?.(pathname, lang).catch((err: unknown) => {
      options.warn({ err, pathname }, 'cannot make the page head: the template is served as it is');
      return undefined;
    });
    const registry = await options.registry();
    const page = pageForPath(pathname);
    const hints = page ? await remoteHints(remoteForPage(page), page, registry.remotes[remoteForPage(page)]) : [];
    const tags = await headTags;
    const base = tags === undefined ? template : withHead(template, tags, lang);
    const head = `<script type="application/json" id="${INLINE_REGISTRY_ID}">${jsonForScript(registry)}</script>${renderHints(hints)}`;
    const at = base.indexOf('</head>');
    const html = at < 0 ? base : `${base.slice(0, at)}${head}${base.slice(at)}`;
    return { html, csp: contentSecurityPolicy(registry) };
  }

  async function encode(body: Buffer, etag: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding}|${etag}`;
    const hit = compressed.get(key);
    if (hit) return hit;
    const packed = encoding === 'br' ? await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }) : await gzipAsync(body, { level: 9 });
    if (compressed.size > 512) compressed.clear();
    compressed.set(key, packed);
    return packed;
  }

  /** Answers the shell's page for `pathname` (in Tamil for `?lang=ta`); false when the shell is not built. */
  async function serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    const rendered = await render(pathname, seoLang(new URL(req.url ?? '/', 'http://gateway').searchParams.get('lang')));
    if (!rendered) return false;
    const body = Buffer.from(rendered.html, 'utf8');
    const etag = `"${createHash('sha256').update(body).update(rendered.csp).digest('base64url').slice(0, 27)}"`;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', rendered.csp);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    const ifNoneMatch = req.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const encoding = preferredEncoding(req);
    const payload = encoding ? await encode(body, etag, encoding) : body;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', payload.length);
    res.end(req.method === 'HEAD' ? undefined : payload);
    return true;
  }

  return { serve, render };
}
