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

const require = createRequire(import.meta.url);
const { forbidden, options } = require('../apps/web/.dependency-cruiser.cjs');

const { output } = await cruise(['apps/web/src'], { ...options, ruleSet: { forbidden }, validate: true });

const problems = output.summary.violations.map((v) =>
  v.cycle?.length
    ? `${v.rule.name}: ${[v.from, ...v.cycle.map((step) => step.name)].join(' -> ')}`
    : `${v.rule.name}: ${v.from} -> ${v.to}`,
);

const featureOf = (path) => path.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
/** feature -> the features it imports, with one file-level import that shows it. */
const edges = new Map();
for (const file of output.modules) {
  const from = featureOf(file.source);
  if (!from) continue;
  for (const dependency of file.dependencies) {
    const to = featureOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${file.source} -> ${dependency.resolved}`);
  }
}

// Tarjan's strongly connected components: every component of more than one feature is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function visit(node) {
  state.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!state.has(next)) {
      visit(next);
      state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
    } else if (state.get(next).onStack) state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
  }
  if (state.get(node).low === state.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const node of edges.keys()) if (!state.has(node)) visit(node);
for (const cycle of cycles) {
  const links = cycle.flatMap((from) => cycle.filter((to) => edges.get(from)?.has(to)).map((to) => `    ${edges.get(from).get(to)}`));
  problems.push(`no-feature-cycles: ${cycle.join(', ')} import each other:\n${links.join('\n')}`);
}

if (problems.length) {
  console.error(
    `Web boundaries (docs/decisions/075-web-boundaries.md) broken ${problems.length} time(s):\n${problems.map((p) => `- ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Web boundaries hold: ${output.summary.totalCruised} files, ${edges.size} features with dependencies, no feature cycle.`);
