/**
 * The shape of the code, checked on every `npm test` (`npm run check:deps`).
 *
 * - no import circles anywhere in the source;
 * - in a remote, a feature never imports another feature (`src/features/<a>` → `src/features/<b>`):
 *   what two features share moves to `src/shared/` or to `@tca/ui`;
 * - in a service, the layers point one way: `entry-points/` → `domain/` → `data-access/`.
 *   Neither the domain (use cases, no Express) nor the data layer (SQL) reaches up into routes, workers, the
 *   console or the CLI. The data layer may use the domain's types, ids and errors (its entities), as in
 *   stripe-sandbox's repositories.
 * - in the browser apps, Lingui is reached only through the shared `@tca/ui/i18n`: that one shared module
 *   holds the one Lingui instance every remote's texts go into; a remote importing `@lingui/core` itself
 *   would get an instance of its own.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the shared part out, or move the type below both files.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-feature-import',
      severity: 'error',
      comment: 'A feature imports another feature: move what both need to src/shared/ (or @tca/ui).',
      from: { path: '^(mf-[^/]+|shell)/src/features/([^/]+)/' },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'shared-stays-below-features',
      severity: 'error',
      comment: 'src/shared/ is used by features, never the other way round.',
      from: { path: '^(mf-[^/]+|shell)/src/shared/' },
      to: { path: '^$1/src/(features|app)/' },
    },
    {
      name: 'domain-below-entry-points',
      severity: 'error',
      comment: 'The domain (use cases) must not reach up into routes, workers, the console or the CLI.',
      from: { path: '^services/[^/]+/src/(domain|data-access)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^services/[^/]+/src/entry-points/' },
    },
    {
      name: 'domain-without-express',
      severity: 'error',
      comment: 'Use cases take plain values and return results; requests and responses stay in entry-points/.',
      from: { path: '^services/[^/]+/src/domain/' },
      to: { path: 'node_modules/(express|@types/express)/' },
    },
    {
      name: 'no-launcher-imports',
      severity: 'error',
      comment: 'server.ts, index.ts, worker.ts and cli.ts compose the service; nothing inside it imports them.',
      from: { path: '^services/[^/]+/src/(entry-points|domain|data-access)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^services/[^/]+/src/(server|index|worker|cli)\\.ts$' },
    },
    {
      name: 'lingui-through-ui-i18n',
      severity: 'error',
      comment: 'Use @tca/ui/i18n (useT, translator): it holds the one Lingui instance the shell and every remote share.',
      from: { path: '^(shell|mf-[^/]+|packages/ui)/src/', pathNot: '(^packages/ui/src/i18n/catalog\\.ts$|\\.test\\.tsx?$)' },
      to: { path: 'node_modules/@lingui/core/' },
    },
    {
      name: 'no-grab-bag-modules',
      severity: 'error',
      comment: 'Name a module after what it does: no util, utils or helpers.',
      from: {},
      to: { path: '(^|/)(util|utils|helpers)(\\.[cm]?[jt]sx?|/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The repository's build output (an app's or a package's dist/ at most two folders deep). A scoped
    // package's dist in node_modules, what an import of it resolves to, stays in (unfollowed) for the rules.
    exclude: {
      path: ['^(dist|@mf-types|test-results|\\.data)/', '^[^/]+/(dist|@mf-types|test-results|\\.data)/', '^[^/]+/[^/]+/(dist|@mf-types|test-results|\\.data)/'],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.web.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
