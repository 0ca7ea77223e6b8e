// The browser tests drive Debian's Chromium: npm cannot download a browser on these machines.
// Installs it with apt-get when it is missing and this user may, else says what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
if (!candidates.some((candidate) => fs.existsSync(candidate))) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error('The browser tests need Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
