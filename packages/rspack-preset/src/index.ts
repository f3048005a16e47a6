import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { API_ROUTES, REGISTRY_PATH } from '@tca/contracts';

const require = createRequire(import.meta.url);

/** The spec's script chunk time-out (§7, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Modules every app shares as singletons: exactly one React, one router context, one design
 * system and one toast store at run time. The trailing-slash keys cover `react/jsx-runtime`,
 * `react-dom/client` and the parts of @tca/ui only some pages use (`@tca/ui/forms`, `@tca/ui/modal`:
 * out of the shell's first load, then loaded once for the page by the first remote that needs them);
 * `react-router` is shared on its own because remotes import its hooks directly.
 */
const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'react-toastify', '@tca/ui'] as const;

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

type SharedConfig = { singleton: true; requiredVersion: string; version?: string; eager?: false };

export function sharedSingletons(): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const pkg of SINGLETONS) {
    const version = installedVersion(pkg);
    const config: SharedConfig = { singleton: true, requiredVersion: `^${version}`, version };
    shared[pkg] = config;
    if (pkg === 'react' || pkg === 'react-dom' || pkg === '@tca/ui') shared[`${pkg}/`] = { ...config };
  }
  return shared;
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
    { test: /\.module\.css$/, type: 'css/module' },
    { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
    { test: /\.(png|jpe?g|gif|svg|webp|avif|woff2?)$/i, type: 'asset/resource' },
  ];
}

/** One Rspack configuration for the shell (host) or a remote. */
export function createAppConfig(options: RemoteOptions | HostOptions) {
  return (_env: unknown, argv: Argv = {}): Configuration => {
    const isDev = argv.mode === 'development' || process.env.NODE_ENV === 'development';
    const isRemote = options.kind === 'remote';
    const port = Number(process.env.PORT ?? options.devPort);
    const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';
    const outputPath = process.env.MF_OUTPUT_PATH ?? path.join(options.dir, 'dist');
    const hashed = isDev ? '[name].js' : '[name].[contenthash:10].js';

    return {
      mode: isDev ? 'development' : 'production',
      context: options.dir,
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
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
          'process.env.REMOTES_REGISTRY_URL': JSON.stringify(process.env.REMOTES_REGISTRY_URL ?? REGISTRY_PATH),
        }),
        new ModuleFederationPlugin(
          isRemote
            ? {
                name: options.name,
                filename: 'remoteEntry.js',
                exposes: options.exposes,
                shared: sharedSingletons(),
                shareStrategy: 'loaded-first',
                manifest: true,
                dts: false,
                // In production the shell provides the federation runtime; each remote entry leaves it out.
                experiments: { externalRuntime: !isDev },
              }
            : {
                name: options.name,
                // No build-time remotes: the shell registers them from the runtime registry.
                remotes: {},
                shared: sharedSingletons(),
                shareStrategy: 'loaded-first',
                dts: false,
                // One copy of the federation runtime for the page, handed to every remote entry.
                experiments: { provideExternalRuntime: !isDev },
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
        // The shell's dev server stands in for the gateway origin: API paths and the registry go to it.
        proxy: isRemote
          ? []
          : [
              {
                context: [...API_ROUTES.map((route) => route.path.replace(/\/$/, '')), REGISTRY_PATH],
                target: gatewayUrl,
              },
            ],
      },
    };
  };
}
