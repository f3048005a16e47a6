import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { REGISTRY_PATH, serviceForPath } from '@tca/contracts';
import { loadBuildEnv } from './build-env.js';
import { PageAssetsPlugin } from './page-assets-plugin.js';

const require = createRequire(import.meta.url);

/** The spec's script chunk time-out (§7, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Modules every app shares as singletons: exactly one React, one router context, one design system
 * (with its toasts) and one stored login session at run time.
 * - `firstLoad`: every page needs it; the shell bundles it into its entry (eager), so a visitor's
 *   browser has it after one request, and remotes use the shell's copy.
 * - The parts of the design system only some pages use (`@tca/ui/api`, `/session-end`, `/forms`, `/modal`,
 *   `/server-errors`) are listed one by one: the first remote that needs one provides it once. `@tca/ui/standalone`
 *   (a remote's development entry) and `@tca/ui/testing/*` are not shared: as shared modules they would
 *   only add entries to every remote's remoteEntry.js.
 * - Routing is `@tca/ui/router` (on wouter): one router for the shell and every remote.
 * - English and Tamil: `@tca/ui/i18n` in the first load. The Lingui `i18n` it keeps the Tamil texts in is
 *   its own dependency, fetched by the one shared copy of it with the first Tamil catalog (English needs no
 *   runtime: its catalogs are compiled), so `@lingui/core` is one instance without being shared itself:
 *   listed here, it only added a registration to every remoteEntry.js and the shell's entry.
 */
const SHARED: Record<string, { pkg: string; firstLoad: boolean }> = {
  react: { pkg: 'react', firstLoad: true },
  'react/': { pkg: 'react', firstLoad: true },
  'react-dom': { pkg: 'react-dom', firstLoad: true },
  'react-dom/': { pkg: 'react-dom', firstLoad: true },
  '@tca/ui': { pkg: '@tca/ui', firstLoad: true },
  '@tca/ui/router': { pkg: '@tca/ui', firstLoad: true },
  '@tca/ui/session': { pkg: '@tca/ui', firstLoad: true },
  '@tca/ui/i18n': { pkg: '@tca/ui', firstLoad: true },
  '@tca/ui/api': { pkg: '@tca/ui', firstLoad: false },
  '@tca/ui/session-end': { pkg: '@tca/ui', firstLoad: false },
  '@tca/ui/forms': { pkg: '@tca/ui', firstLoad: false },
  '@tca/ui/modal': { pkg: '@tca/ui', firstLoad: false },
  '@tca/ui/server-errors': { pkg: '@tca/ui', firstLoad: false },
};

/** The version of the package that resolves for `pkg` (its package.json may not be exported). */
function installedVersion(pkg: string): string {
  let dir = path.dirname(require.resolve(pkg, { paths: [process.cwd()] }));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (name === pkg && version) return version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the version of ${pkg}`);
    dir = parent;
  }
}

type SharedConfig = { singleton: true; requiredVersion: string; version: string; eager: boolean };

/** The shared modules of one app; `host`: the shell, which bundles the first-load ones eagerly. */
export function sharedSingletons(role: 'host' | 'remote' = 'remote'): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const [key, { pkg, firstLoad }] of Object.entries(SHARED)) {
    const version = installedVersion(pkg);
    shared[key] = { singleton: true, requiredVersion: `^${version}`, version, eager: role === 'host' && firstLoad };
  }
  return shared;
}

/**
 * The Module Federation runtime's ES module builds instead of their CommonJS ones (the MF plugin
 * resolves them with Node's `require`, which picks CommonJS), so the unused parts are tree-shaken in
 * production (measured: the shell's entry 34.7 → 27.2 KB gzip, each remote entry 17.3 → 9.6 KB).
 */
function productionAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  const runtimeTools = path.dirname(require.resolve('@module-federation/runtime-tools'));
  for (const pkg of ['runtime-core', 'sdk', 'webpack-bundler-runtime', 'runtime', 'runtime-tools', 'error-codes']) {
    const commonJs = require.resolve(`@module-federation/${pkg}`, { paths: [runtimeTools] });
    const esm = commonJs.replace(/\.cjs$/, pkg === 'error-codes' ? '.mjs' : '.js');
    if (!existsSync(esm)) throw new Error(`@module-federation/${pkg} has no ES module build at ${esm}`);
    aliases[commonJs] = esm;
    aliases[`@module-federation/${pkg}$`] = esm;
  }
  return aliases;
}

interface CommonOptions {
  /** The app's folder (its rspack.config.ts sits there). */
  dir: string;
  /** Dev server port; `PORT` env wins. */
  devPort: number;
  /** HTML page title for the app's own index.html. */
  title: string;
}

export interface RemoteOptions extends CommonOptions {
  kind: 'remote';
  /** Module Federation container name, from REMOTE_CONTAINER in @tca/contracts. */
  name: string;
  exposes: Record<string, string>;
}

export interface HostOptions extends CommonOptions {
  kind: 'host';
  name: string;
}

interface Argv {
  mode?: 'development' | 'production' | 'none';
}

function rules(isDev: boolean): RuleSetRule[] {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: isDev } },
        },
        env: { targets: 'defaults' },
      },
      type: 'javascript/auto',
    },
    // `messages/en.json`, `messages/ta.json`: interface catalogs, compiled to Lingui's form at build time.
    {
      test: /[\\/]messages[\\/][a-z]{2}\.json$/,
      type: 'javascript/auto',
      use: [{ loader: fileURLToPath(new URL('./catalog-loader.mjs', import.meta.url)) }],
    },
    { test: /\.module\.css$/, type: 'css/module' },
    { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
    { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset/resource' },
    // `./art.svg?width=1280&height=720&as=webp`: a WebP drawn from the vector at build time (raster-loader.mjs),
    // named e.g. `art-1280x720.<hash>.webp`, so the browser never rasterises the SVG on its main thread.
    {
      test: /\.svg$/i,
      resourceQuery: /(?:^\?|&)as=webp(?:&|$)/,
      type: 'asset/resource',
      use: [{ loader: fileURLToPath(new URL('./raster-loader.mjs', import.meta.url)) }],
      generator: {
        filename: ({ filename = '' }) => {
          const query = new URLSearchParams(filename.slice(filename.indexOf('?') + 1));
          return `assets/[name]-${query.get('width') ?? ''}x${query.get('height') ?? ''}.[contenthash:10].webp`;
        },
      },
    },
  ];
}

/** What the shell's dev server hands to the gateway: the API paths and the remote registry, not pages. */
export function devProxied(pathname: string): boolean {
  return pathname === REGISTRY_PATH || serviceForPath(pathname) !== undefined;
}

/** One Rspack configuration for the shell (host) or a remote. */
export function createAppConfig(options: RemoteOptions | HostOptions) {
  return (_env: unknown, argv: Argv = {}): Configuration => {
    const isDev = argv.mode === 'development' || process.env.NODE_ENV === 'development';
    const isRemote = options.kind === 'remote';
    const env = loadBuildEnv();
    const port = env.PORT ?? options.devPort;
    const gatewayUrl = env.GATEWAY_URL;
    const outputPath = env.MF_OUTPUT_PATH ?? path.join(options.dir, 'dist');
    const hashed = isDev ? '[name].js' : '[name].[contenthash:10].js';

    return {
      mode: isDev ? 'development' : 'production',
      context: options.dir,
      // Production maps name files and lines (readable stack traces, byte attribution by source file) but
      // carry no original sources: the gateway serves them to anyone.
      devtool: isDev ? 'eval-cheap-module-source-map' : 'nosources-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: outputPath,
        // Remotes resolve their own URL at run time, so one build can be served from any folder or origin.
        publicPath: isRemote ? 'auto' : '/',
        filename: hashed,
        chunkFilename: hashed,
        cssFilename: isDev ? '[name].css' : '[name].[contenthash:10].css',
        cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:10].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: options.name,
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js'],
        // Workspace packages are consumed from source (see each package's "source" export).
        conditionNames: ['source', '...'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        alias: {
          // React 18+ has useSyncExternalStore: wouter's import of the pre-18 shim gets React's own hook.
          'use-sync-external-store/shim/index.js$': fileURLToPath(new URL('./sync-external-store.mjs', import.meta.url)),
          ...(isDev ? {} : productionAliases()),
        },
      },
      optimization: {
        splitChunks: {
          cacheGroups: {
            // An app's Tamil catalogs share one chunk: a page switched to Tamil wants its frame's, its
            // features' and the design system's texts together, and one chunk instead of one per catalog
            // keeps every page's chunk map (remoteEntry.js, the shell's entry) short for English visitors.
            tamil: { test: /[\\/]messages[\\/]ta\.json$/, name: 'ta', chunks: 'async', enforce: true },
          },
        },
      },
      module: {
        parser: { 'css/module': { namedExports: false } },
        rules: rules(isDev),
      },
      plugins: [
        // A remote's own page is only for running it alone in development (it needs the runtime the shell provides in production).
        ...(isRemote && !isDev
          ? []
          : [
              new rspack.HtmlRspackPlugin({
                // An app may bring its own page; remotes use the preset's plain one.
                template: existsSync(path.join(options.dir, 'src/index.html'))
                  ? path.join(options.dir, 'src/index.html')
                  : fileURLToPath(new URL('./standalone.html', import.meta.url)),
                title: options.title,
                ...(existsSync(path.join(options.dir, 'src/favicon.svg')) ? { favicon: path.join(options.dir, 'src/favicon.svg') } : {}),
              }),
            ]),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(isDev ? 'development' : 'production'),
          'process.env.REMOTES_REGISTRY_URL': JSON.stringify(env.REMOTES_REGISTRY_URL),
        }),
        // A remote lists each page's files, so the gateway can preload a page's code from its HTML.
        ...(isRemote ? [new PageAssetsPlugin()] : []),
        new ModuleFederationPlugin(
          isRemote
            ? {
                name: options.name,
                filename: 'remoteEntry.js',
                exposes: options.exposes,
                shared: sharedSingletons('remote'),
                shareStrategy: 'loaded-first',
                manifest: true,
                dts: false,
                // In production the shell provides the federation runtime; each remote entry leaves it out, and
                // the bundler runtime's remote loading with it (a remote loads no remotes): 0.7 KB off every page.
                experiments: { externalRuntime: !isDev, optimization: { target: 'web', disableRemote: true } },
              }
            : {
                name: options.name,
                // No build-time remotes: the shell registers them from the runtime registry.
                remotes: {},
                shared: sharedSingletons('host'),
                shareStrategy: 'loaded-first',
                dts: false,
                // One copy of the federation runtime for the page, handed to every remote entry. Without its
                // snapshot and asset-preload plugins: the shell's loader plugin reads a manifest for its entry.
                experiments: { provideExternalRuntime: !isDev, optimization: { target: 'web', disableSnapshot: true } },
              },
        ),
      ],
      performance: { hints: false },
      // Lazy compilation would hand the shell stubs instead of the remotes' exposed modules.
      lazyCompilation: false,
      devServer: {
        port,
        host: '127.0.0.1',
        hot: true,
        historyApiFallback: true,
        // The shell's page (another port) opens each remote's HMR socket.
        allowedHosts: isRemote ? 'all' : 'auto',
        // The shell's HMR socket follows the address the page was opened with (localhost or 127.0.0.1).
        client: isRemote ? undefined : { webSocketURL: 'auto://0.0.0.0:0/ws' },
        headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
        // The shell's dev server stands in for the gateway origin: API paths and the registry go to it,
        // matched as the gateway matches them (a prefix such as `/membership/` is not the page /membership).
        proxy: isRemote ? [] : [{ context: devProxied, target: gatewayUrl }],
      },
    };
  };
}
