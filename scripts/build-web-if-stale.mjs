// Builds the web app before `npm start` when its sources are newer than the last build, so a
// fresh clone builds once and a restart on an unchanged checkout starts in seconds.
import { execSync } from 'node:child_process';
import { isStale, root } from './stale.mjs';

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'package-lock.json',
];
if (isStale('apps/web/dist/index.html', sources)) {
  console.log('Building the web app…');
  execSync('npm run build --silent -w @limelight/web', { cwd: root, stdio: 'inherit' });
}
