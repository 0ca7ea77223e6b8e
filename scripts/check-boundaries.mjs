#!/usr/bin/env node
/**
 * The layering rule of decision 004, run by `npm run lint`: dependency-cruiser checks each import
 * against .dependency-cruiser.cjs (public surfaces, platform and db below the modules, no file
 * cycles), and this script adds what it cannot say in one rule: no cycle between modules, where
 * a module is a folder of apps/api/src/modules (a -> b -> a through any of their files).
 * And the rule of decision 043: role and owner comparisons ("who may") are made in
 * apps/api/src/modules/access only; elsewhere a line that compares a role or an owner's id fails
 * unless it (or the line above) carries `// access: not a permission (why)`.
 * And the rule of decision 049: every e-mail is a template of the catalogue, so `queueMail` is
 * imported only by apps/api/src/modules/emails (and defined in platform/mail.ts).
 * Exits non-zero on any violation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { folderCycles } from './lib/folder-cycles.mjs';

const require = createRequire(import.meta.url);
const { forbidden, options } = require('../.dependency-cruiser.cjs');

const { output } = await cruise(['apps/api/src', 'packages/contracts/src'], { ...options, ruleSet: { forbidden }, validate: true });

const problems = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

// sql-in-its-home for drizzle-orm, which the graph leaves out with node_modules: its import lines
// are read, and a value import outside a module's repo fails (a type-only one passes).
const outsideRepo = output.modules.filter(
  (file) => /^apps\/api\/src\/modules\/[^/]+\//.test(file.source) && !/\.test\.ts$|\/repo(\.ts$|\/)/.test(file.source),
);
for (const file of outsideRepo.filter((file) => /^import (?!type )[^;]*from 'drizzle-orm/m.test(readFileSync(file.source, 'utf8')))) {
  problems.push(`sql-in-its-home: ${file.source} imports drizzle-orm outside its module's repo`);
}

const moduleCycles = folderCycles(output.modules, (path) => path.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1]);
for (const cycle of moduleCycles.cycles) {
  problems.push(`no-module-cycles: ${cycle.members.join(', ')} import each other:\n${cycle.links.map((link) => `    ${link}`).join('\n')}`);
}

// Decision 043: one vocabulary for "who may". Outside the access module (and its tests, the demo
// seed and the CLI, which set roles), no role or owner comparison: ask a policy of modules/access.
const OWNER = '(?:performerId|userId|senderId|ownerId|authorId|buyerId)';
const whoMayPatterns = [
  /\.role\s*[!=]==/, // viewer.role === 'admin'
  /[!=]==\s*[\w?.]*\.role\b/, // 'admin' === viewer.role
  /\brole\s*[!=]==\s*'/, // role === 'performer'
  /\.isAdmin\b/, // a flag read off a viewer: ask isAdmin(viewer)
  /\.includes\([\w?.!]*\.role\)/, // roles.includes(user.role): a guard asks requireMay (modules/access)
  new RegExp(`\\b${OWNER}\\s*[!=]==\\s*[\\w?.]*\\.id\\b`), // row.performerId !== viewer.id
  new RegExp(`\\.id\\s*[!=]==\\s*[\\w?.]*\\b${OWNER}\\b`), // viewer.id === row.performerId
];
const MARKER = /\/\/ access: not a permission \(.+\)/;
const exempt = (path) =>
  path.startsWith('apps/api/src/modules/access/') ||
  path.endsWith('.test.ts') ||
  path.startsWith('apps/api/src/demo/') ||
  path.startsWith('apps/api/src/cli/');
function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path.split('\\').join('/');
  }
}
for (const path of sources('apps/api/src')) {
  if (exempt(path)) continue;
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (!whoMayPatterns.some((pattern) => pattern.test(line))) return;
    if (MARKER.test(line) || MARKER.test(lines[index - 1] ?? '')) return;
    problems.push(
      `who-may-in-access: ${path}:${index + 1}: ${line.trim()}\n    compares a role or an owner outside modules/access: ask a policy there (may, assertMay, isAdmin, isCreator, isSelf), or mark a comparison that decides nothing with \`// access: not a permission (why)\``,
    );
  });
}

// Decision 049: one e-mail catalogue. Only modules/emails queues mail; every other module sends a
// template of it with sendEmail (or alertAdmin), so each e-mail is admin-editable and has the footer.
const QUEUE_MAIL_IMPORT = /import\s*\{[^}]*\bqueueMail\b[^}]*\}\s*from\s*['"][^'"]*platform\/mail['"]/;
for (const path of sources('apps/api/src')) {
  if (path.startsWith('apps/api/src/modules/emails/') || path === 'apps/api/src/platform/mail.ts') continue;
  if (!QUEUE_MAIL_IMPORT.test(readFileSync(path, 'utf8'))) continue;
  problems.push(
    `mail-through-the-catalogue: ${path} imports queueMail\n    add a template to apps/api/src/modules/emails/catalogue.ts and send it with sendEmail (or alertAdmin) from '../emails'`,
  );
}

// Decision 074: data has an owner. Each table file of db/schema belongs to one module (named after
// it) or to platform (db/schema/platform/); the import rules above keep the tables themselves out
// of other modules' reach, and this check the writes: no SQL text inserts into, updates or deletes
// from a table another owner holds, and no table imported read-only from db/read/ is written through.
const ownerOfTable = new Map();
for (const path of sources('apps/api/src/db/schema')) {
  const owner = path.includes('/db/schema/platform/') ? 'platform' : path.match(/db\/schema\/([^/]+)\.ts$/)[1];
  for (const match of readFileSync(path, 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)) ownerOfTable.set(match[1], owner);
}
const ownerOfFile = (path) =>
  path.startsWith('apps/api/src/platform/') ? 'platform' : path.match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1];
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;
const READ_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'[./]*db\/read\/[^']+'/g;
for (const path of sources('apps/api/src')) {
  const owner = ownerOfFile(path);
  if (!owner || path.endsWith('.test.ts')) continue;
  const text = readFileSync(path, 'utf8');
  text.split('\n').forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*\*)/.test(line)) return;
    for (const [, table] of line.matchAll(SQL_WRITE)) {
      const holder = ownerOfTable.get(table);
      if (holder && holder !== owner)
        problems.push(
          `writes-own-tables-only: ${path}:${index + 1} writes ${table}, a table of ${holder}: ask ${holder} to (a function of its index)`,
        );
    }
  });
  const readOnly = [...text.matchAll(READ_IMPORT)].flatMap((match) => match[1].split(',').map((name) => name.trim().split(' as ').pop()));
  for (const name of readOnly.filter(Boolean)) {
    const write = new RegExp(`\\.(insert|update|delete)\\(${name}\\)|(insert\\s+into|update|delete\\s+from)\\s+\\$\\{${name}\\}`, 'i');
    if (write.test(text))
      problems.push(`writes-own-tables-only: ${path} writes ${name}, imported read-only from db/read/: ask its owner to`);
  }
}

if (problems.length) {
  console.error(
    `Layering rule (docs/decisions/004-layout.md, 043-one-vocabulary-for-who-may.md, 049-email-catalogue.md, 074-data-has-an-owner.md, 076-one-interface-for-selling.md) broken ${problems.length} time(s):\n${problems.map((p) => `- ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `Layering rule holds: ${output.summary.totalCruised} files, ${moduleCycles.folders} modules with dependencies, no module cycle, no role or owner comparison outside modules/access, no queueMail outside modules/emails, each module writing its own tables only, each module's SQL in its repo.`,
);
