// The web build's size budget (issue 30, decision 079): the script a public page needs before it
// is interactive, and the first download of a signed-in page, each as gzipped bytes, against its
// budget. Fails when one grows past it, so that a change that makes a page heavier says so in
// `npm test` instead of in the next measurement. Reads the build's manifest (`npm run build`).
//   node scripts/size-budget.mjs            checks; prints each page beside its budget
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/**
 * Each page: the modules it waits for before it is interactive (the entry, antd's theme, the page's
 * own chunk; a signed-in page the header's too), and its budget in KB gzipped. The budgets are the
 * sizes measured when they were set plus about 5 %: raise one only with the reason in decision 079.
 */
const pages = [
  // What index.html loads: every page's first paint waits for it (decision 020's goal: 150 KB).
  { name: 'first download (every page)', modules: [], entryOnly: true, budgetKb: 155 },
  { name: 'front page (visitor)', modules: ['src/features/home/FrontPage.tsx'], budgetKb: 345 },
  { name: 'explore (visitor)', modules: ['src/features/home/ExplorePage.tsx'], budgetKb: 365 },
  { name: "a creator's page (visitor)", modules: ['src/features/profile/ProfilePage.tsx'], budgetKb: 420 },
  { name: "a post's page (visitor)", modules: ['src/features/feeds/FeedPage.tsx'], budgetKb: 397 },
  { name: 'home (signed-in fan)', modules: ['src/features/home/HomePage.tsx', 'src/app/layouts/HeaderNav.tsx'], budgetKb: 410 },
];
const always = ['index.html', 'src/app/antd-theme.tsx'];

/** The chunks a module loads before it runs: its own and, in turn, those it imports statically. */
function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build's manifest: was it renamed? Update scripts/size-budget.mjs`);
  if (seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) chunksOf(imported, seen);
  return seen;
}

const gzippedKb = (file) => fs.statSync(path.join(dist, `${file}.gz`)).size / 1024;

let over = 0;
for (const page of pages) {
  const files = new Set();
  for (const key of page.entryOnly ? ['index.html'] : [...always, ...page.modules]) for (const file of chunksOf(key)) files.add(file);
  const kb = [...files].reduce((sum, file) => sum + gzippedKb(file), 0);
  const fits = kb <= page.budgetKb;
  if (!fits) over++;
  console.log(`${fits ? 'ok  ' : 'OVER'} ${page.name}: ${kb.toFixed(1)} KB gzipped in ${files.size} files (budget ${page.budgetKb} KB)`);
}
if (over) {
  console.error(
    `${over} page(s) over their size budget: find what grew (npx vite-bundle-visualizer, or the build's list), or raise the budget with the reason in decision 079.`,
  );
  process.exit(1);
}
