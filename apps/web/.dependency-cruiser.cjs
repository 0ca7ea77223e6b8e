/**
 * The web app's boundaries (decision 075), checked by `npm run lint` through
 * scripts/check-web-boundaries.mjs: a feature is a folder of apps/web/src/features, used by other
 * features only through its index.ts; shared/ is below every feature and the app; features do not
 * reach up into app/ (the assembly); no file imports itself back through others.
 */
const web = '^apps/web/src';
module.exports = {
  forbidden: [
    {
      name: 'feature-public-surface',
      comment: 'Another feature is used through its index.ts only (never its pages, components, api or helpers directly).',
      severity: 'error',
      from: { path: `${web}/features/([^/]+)/` },
      to: { path: `${web}/features/`, pathNot: [`${web}/features/$1/`, `${web}/features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'shared-below-features',
      comment: 'shared/ holds what every feature may use: it imports no feature and nothing of app/ (the store is wired there).',
      severity: 'error',
      from: { path: `${web}/shared/` },
      to: { path: `${web}/(features|app)/` },
    },
    {
      name: 'features-below-app',
      comment: 'app/ assembles the features (router, layouts, store): a feature never imports it; what both need lives in shared/.',
      severity: 'error',
      from: { path: `${web}/features/` },
      to: { path: `${web}/app/` },
    },
    {
      name: 'no-file-cycles',
      comment: 'No two files of the web app import each other, directly or in a ring.',
      severity: 'error',
      from: { path: `${web}/` },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
