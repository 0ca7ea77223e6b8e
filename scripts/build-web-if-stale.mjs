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
// The server's bundle too (decision 079): a checkout built before it existed builds again.
if (isStale('apps/web/dist/index.html', sources) || isStale('apps/web/dist-server/entry-server.js', sources)) {
  console.log('Building the web app…');
  execSync('npm run build --silent -w @limelight/web', { cwd: root, stdio: 'inherit' });
}
