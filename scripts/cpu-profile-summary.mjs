#!/usr/bin/env node
// Where a V8 CPU profile (`node --cpu-prof`, or BENCH_PROFILE=1 on a bench) spent its samples, by
// package or file and by function, optionally within a window of the run: to compare a soak's
// early minutes with its late ones from one profile.
//   node scripts/cpu-profile-summary.mjs <file.cpuprofile> [--from S] [--to S] [--top N]
// --from and --to are seconds since the profile started (default: all of it).
import fs from 'node:fs';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-summary.mjs <file.cpuprofile> [--from S] [--to S] [--top N]');
  process.exit(2);
}
const option = (name, fallback) => {
  const at = flags.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(flags[at + 1]);
};
const fromUs = option('from', 0) * 1e6;
const toUs = option('to', Number.POSITIVE_INFINITY) * 1e6;
const top = option('top', 30);

const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const byPackage = new Map();
const byFunction = new Map();
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
let elapsed = 0;
let total = 0;
profile.samples.forEach((id, index) => {
  const us = profile.timeDeltas[index] ?? 0;
  elapsed += us;
  if (elapsed < fromUs || elapsed > toUs) return;
  total += us;
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url.includes('node_modules/')
    ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
    : url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/') || functionName;
  add(byPackage, where, us);
  add(
    byFunction,
    `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${lineNumber + 1}`,
    us,
  );
});
const print = (title, map) => {
  console.log(`--- ${title}`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(
  `${(total / 1e6).toFixed(1)} s of samples${fromUs || toUs < Number.POSITIVE_INFINITY ? ` between ${fromUs / 1e6} and ${toUs / 1e6} s` : ''}`,
);
print('by package or file', byPackage);
print('by function', byFunction);
