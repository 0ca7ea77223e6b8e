/**
 * The layering rule (decision 004), checked by `npm run lint` through scripts/check-boundaries.mjs.
 * API: a module is a folder of apps/api/src/modules; others use it only through its index.ts.
 */
const api = '^apps/api/src';
module.exports = {
  forbidden: [
    {
      name: 'module-public-surface',
      comment: 'Another module is used through its index.ts only (never its repo, service or helpers directly).',
      severity: 'error',
      from: { path: `${api}/modules/([^/]+)/` },
      to: { path: `${api}/modules/`, pathNot: [`${api}/modules/$1/`, `${api}/modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'platform-below-modules',
      comment: 'platform/ holds cross-cutting adapters: it depends on no module, the app or the CLI.',
      severity: 'error',
      from: { path: `${api}/platform/` },
      to: { path: `${api}/(modules|cli|demo)/|${api}/app\\.ts$` },
    },
    {
      name: 'db-below-everything',
      comment: 'db/ (schema, client, migrations) depends on no module and no platform service.',
      severity: 'error',
      from: { path: `${api}/db/` },
      to: { path: `${api}/(modules|platform|cli|demo)/|${api}/app\\.ts$` },
    },
    {
      name: 'own-tables-only',
      comment:
        "A module imports its own tables only (db/schema/<module>.ts); another module's, read-only, from db/read/<owner>.ts (decision 074).",
      severity: 'error',
      from: { path: `${api}/modules/([^/]+)/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${api}/db/schema/`, pathNot: `${api}/db/schema/$1\\.ts$` },
    },
    {
      name: 'platform-own-tables-only',
      comment: "platform/ imports its own tables only (db/schema/platform/); a module's, read-only, from db/read/ (decision 074).",
      severity: 'error',
      from: { path: `${api}/platform/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${api}/db/schema/`, pathNot: `${api}/db/schema/platform/` },
    },
    {
      name: 'sold-through-sellables',
      comment:
        'The wallet, payments, money, comments and reactions import no module that sells: they ask its Sellable, which app.ts hands them in deps.sellables (decision 076).',
      severity: 'error',
      from: { path: `${api}/modules/(wallet|payments|money|comments|reactions)/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${api}/modules/(feeds|videos|galleries|shop|streaming|messages|subscriptions)/` },
    },
    {
      name: 'sql-in-its-home',
      comment:
        "A module's SQL lives in its repo (repo.ts, or repo/ when it is long): only there, and in tests, are drizzle-orm, tables and the db helpers imported for their values (decision 004).",
      severity: 'error',
      from: {
        path: `${api}/modules/([^/]+)/`,
        pathNot: ['\\.test\\.ts$', `${api}/modules/[^/]+/repo(\\.ts$|/)`],
      },
      to: {
        // drizzle-orm itself is outside the graph (node_modules): scripts/check-boundaries.mjs reads the imports for it.
        path: [`${api}/db/(schema|read)/`, `${api}/db/(prepared|paging|json-row|day)\\.ts$`],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'packages/contracts is shared by both apps and imports neither.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-file-cycles',
      comment: 'No two files of the API import each other, directly or in a ring.',
      severity: 'error',
      from: { path: `${api}/` },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|migrations)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
