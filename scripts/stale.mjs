// Whether a build is older than any of its sources: `npm start` rebuilds the web app and the
// API only then, so a restart on an unchanged checkout starts at once.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

function newestChange(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** `built` and `sources` are relative to the repository's root. */
export function isStale(built, sources) {
  const builtAt = fs.statSync(path.join(root, built), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(...sources.map((source) => newestChange(path.join(root, source)))) > builtAt;
}
