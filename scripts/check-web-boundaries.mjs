#!/usr/bin/env node
/**
 * The web app's boundaries (decision 075), run by `npm run lint`: dependency-cruiser checks each
 * import of apps/web/src against apps/web/.dependency-cruiser.cjs (a feature's public surface is its
 * index.ts, shared/ imports no feature and no app/, features import no app/, no file cycles), and this
 * script adds what one rule cannot say: no cycle between features, where a feature is a folder of
 * apps/web/src/features (a -> b -> a through any of their files). Exits non-zero on any violation.
 */
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import { folderCycles } from './lib/folder-cycles.mjs';

const require = createRequire(import.meta.url);
const { forbidden, options } = require('../apps/web/.dependency-cruiser.cjs');

const { output } = await cruise(['apps/web/src'], { ...options, ruleSet: { forbidden }, validate: true });

const problems = output.summary.violations.map((v) =>
  v.cycle?.length
    ? `${v.rule.name}: ${[v.from, ...v.cycle.map((step) => step.name)].join(' -> ')}`
    : `${v.rule.name}: ${v.from} -> ${v.to}`,
);

const featureCycles = folderCycles(output.modules, (path) => path.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1]);
for (const cycle of featureCycles.cycles) {
  problems.push(
    `no-feature-cycles: ${cycle.members.join(', ')} import each other:\n${cycle.links.map((link) => `    ${link}`).join('\n')}`,
  );
}

if (problems.length) {
  console.error(
    `Web boundaries (docs/decisions/075-web-boundaries.md) broken ${problems.length} time(s):\n${problems.map((p) => `- ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `Web boundaries hold: ${output.summary.totalCruised} files, ${featureCycles.folders} features with dependencies, no feature cycle.`,
);
