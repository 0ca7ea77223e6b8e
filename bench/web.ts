// The page a fan opens on a phone: Lighthouse (mobile defaults: simulated slow 4G and a 4x slower
// CPU) against the built web app served by the API on the embedded database with the demo seed,
// in the Chromium the browser tests use. For the web the floor is the goal itself, so each figure
// is printed beside its goal. BENCH_RUNS (default 3) runs per page; the median run is reported.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '@limelight/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { killedOnExit, median, repoRoot, startApi, stop } from './lib';

const goals = { score: 95, lcpMs: 2000, initialJsKb: 150, otherScores: 100 };
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_WEB_PORT ?? 4150);
// WEB_DIST_DIR (the API's own setting) measures another build, e.g. a saved copy of main's.
const distDir = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
// BENCH_WEB_REPORTS=<dir> keeps each page's median Lighthouse report (JSON) there, to read which
// scripts run long, what shifts, what the page waits for, and its trace (<page>.trace.json, the
// unthrottled run Lighthouse simulates from: open it in DevTools' Performance panel).
const reportsDir = process.env.BENCH_WEB_REPORTS;
// BENCH_WEB_PAGES=explore,home measures only the pages whose names hold one of these words;
// BENCH_WEB_RENDER_ONLY=1 prints the server render's cost beside the pages' reads, and stops there.
const only = process.env.BENCH_WEB_PAGES?.split(',');
const demoFan = { username: 'fiona', password: 'limelight-demo' };
const pages = [
  { name: 'start page (visitor)', path: '/', signedIn: false },
  { name: 'explore (visitor)', path: '/explore', signedIn: false },
  { name: 'creator profile (visitor)', path: '/avastone', signedIn: false },
  // The creator's newest post the visitor may see (its address is known once the API runs).
  { name: "a post's page (visitor)", path: '/post/:newest', signedIn: false },
  { name: 'home (signed-in fan)', path: '/home', signedIn: true },
];

execFileSync('node', ['scripts/build-web-if-stale.mjs'], { cwd: repoRoot, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-bench-web-'));
const chromePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => fs.existsSync(file));
let api: Awaited<ReturnType<typeof startApi>> | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await seedDemo();
  api = await startApi({ port, dataDir });
  const { base } = api;

  console.log(
    `initial JS (index.html's scripts and module preloads): ${initialJsKb().toFixed(1)} KB gzipped  (goal <= ${goals.initialJsKb} KB)`,
  );
  const encodings = await assetEncodings(base);
  console.log(
    `text assets served compressed with Accept-Encoding: br, gzip: ${encodings.compressed}/${encodings.total}` +
      `${encodings.uncompressed.length ? `  (not: ${encodings.uncompressed.slice(0, 5).join(', ')})` : ''}  (goal: all)`,
  );

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  const token = await signIn(base);
  console.log(`\nLighthouse ${runs} run(s) per page, mobile defaults; median run; the floor for the web is the goal itself`);
  const posts = (await (await fetch(`${base}/api/user/feeds/search/avastone?limit=10`)).json()) as {
    data: { _id: string; canView: boolean }[];
  };
  const newest = posts.data.find((post) => post.canView)!._id;
  // Each page asked once first: the first page drawn on the server imports the render's bundle and
  // warms it (decision 079), a cost paid once per process, not by the visitor a measure stands for.
  for (const page of pages) page.path = page.path.replace(':newest', newest);
  for (const page of pages) await (await fetch(`${base}${page.path}`)).arrayBuffer();
  await renderBesideReads(
    base,
    pages.filter((page) => !page.signedIn),
  );
  if (process.env.BENCH_WEB_RENDER_ONLY) process.exit(0);
  for (const page of pages.filter((page) => !only || only.some((name) => page.name.includes(name)))) {
    await setSessionCookie(chrome.port, base, page.signedIn ? token : undefined);
    const audits: Audit[] = [];
    for (let i = 0; i < runs; i++) audits.push(await audit(`${base}${page.path}`, chrome.port));
    const scores = audits.map(({ lhr }) => score(lhr));
    const { lhr, trace } = audits.find((run) => score(run.lhr) === median(scores))!;
    const lcp = lhr.audits['largest-contentful-paint']!.numericValue!;
    const tbt = lhr.audits['total-blocking-time']!.numericValue!;
    const fcp = lhr.audits['first-contentful-paint']!.numericValue!;
    const cls = lhr.audits['cumulative-layout-shift']!.numericValue!;
    if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
    const reportName = page.path.split('/')[1] || 'front';
    if (reportsDir) fs.writeFileSync(path.join(reportsDir, `${reportName}.json`), JSON.stringify(lhr));
    if (reportsDir) fs.writeFileSync(path.join(reportsDir, `${reportName}.trace.json`), JSON.stringify(trace));
    const scriptKb = transferredKb(lhr, 'Script');
    const mark = (met: boolean) => (met ? 'met' : 'MISSED');
    // Where Lighthouse ended up: a signed-in page that lost its session shows the sign-in form.
    console.log(`\n${page.name}: ${page.path}, measured at ${new URL(lhr.finalDisplayedUrl).pathname}`);
    console.log(
      `  performance ${score(lhr)} (runs ${scores.join(', ')})`.padEnd(44) + `goal >= ${goals.score}: ${mark(score(lhr) >= goals.score)}`,
    );
    console.log(`  LCP ${(lcp / 1000).toFixed(2)} s`.padEnd(44) + `goal <= ${goals.lcpMs / 1000} s: ${mark(lcp <= goals.lcpMs)}`);
    console.log(`  TBT ${tbt.toFixed(0)} ms, FCP ${(fcp / 1000).toFixed(2)} s, CLS ${cls.toFixed(3)}`);
    console.log(
      `  JS transferred ${scriptKb.toFixed(1)} KB (${countOf(lhr, 'Script')} files)`.padEnd(44) +
        `goal <= ${goals.initialJsKb} KB: ${mark(scriptKb <= goals.initialJsKb)}`,
    );
    // Lighthouse 13 folds the image audits into insights: responsive sizes and modern formats
    // (image delivery) and images without width and height (layout-shift culprits).
    const images = ['image-delivery-insight', 'cls-culprits-insight'].map((id) => {
      const found = lhr.audits[id];
      return `${id} ${!found || found.score === null ? 'n/a' : found.score >= 0.9 ? 'pass' : `FAIL (${found.displayValue ?? found.score})`}`;
    });
    console.log(`  images: ${images.join(', ')}`);
    const others = (['accessibility', 'best-practices', 'seo'] as const).map((id) => ({ id, score: categoryScore(lhr, id) }));
    console.log(
      `  ${others.map(({ id, score }) => `${id} ${score}`).join(', ')}  ` +
        `goal ${goals.otherScores}: ${mark(others.every(({ score }) => score >= goals.otherScores))}`,
    );
  }
} finally {
  await chrome?.kill();
  if (api) await stop(api.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * What drawing a visitor's page on the server costs beside reading its answers from the API (the
 * floor: the same reads the browser would make, done in the process), from the page's
 * Server-Timing: read, draw, compress. Goal: the whole page at most twice its reads.
 */
async function renderBesideReads(base: string, visitorPages: { name: string; path: string }[]) {
  const samples = Number(process.env.BENCH_WEB_RENDER_SAMPLES ?? 40);
  console.log(`\nServer render beside the same page's reads, ${samples} requests each, one at a time (medians, ms)`);
  for (const page of visitorPages) {
    const timings: { total: number; read: number; draw: number; compress: number }[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${page.path}`, { headers: { 'accept-encoding': 'br' } });
      await response.arrayBuffer();
      const total = performance.now() - started;
      const parts = Object.fromEntries(
        (response.headers.get('server-timing') ?? '').split(',').map((part) => {
          const [name, duration] = part.trim().split(';dur=');
          return [name, Number(duration)];
        }),
      );
      timings.push({ total, read: parts.read ?? Number.NaN, draw: parts.draw ?? Number.NaN, compress: parts.compress ?? 0 });
    }
    const of = (key: keyof (typeof timings)[number]) => median(timings.map((timing) => timing[key]));
    const ratio = of('total') / of('read');
    console.log(
      `  ${page.name.padEnd(28)} total ${of('total').toFixed(1).padStart(6)}  read ${of('read').toFixed(1).padStart(6)}  ` +
        `draw ${of('draw').toFixed(1).padStart(6)}  compress ${of('compress').toFixed(1).padStart(5)}  ` +
        `= ${ratio.toFixed(2)}x its reads  (goal <= 2x: ${ratio <= 2 ? 'met' : 'MISSED'})`,
    );
  }
}

function categoryScore(lhr: Result, id: string) {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}
function score(lhr: Result) {
  return categoryScore(lhr, 'performance');
}

type Audit = { lhr: Result; trace: unknown };
async function audit(url: string, chromePort: number): Promise<Audit> {
  const flags: Flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };
  // A trace now and then comes back unusable (NO_NAVSTART) on a busy machine: one more try.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return { lhr: result.lhr, trace: result.artifacts.Trace };
    if (attempt === 2) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
  }
}

type NetworkItem = { resourceType?: string; transferSize?: number };
function networkItems(lhr: Result, type: string) {
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  return items.filter((item) => item.resourceType === type);
}
function transferredKb(lhr: Result, type: string) {
  return networkItems(lhr, type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000;
}
function countOf(lhr: Result, type: string) {
  return networkItems(lhr, type).length;
}

/**
 * The scripts index.html starts with (its module script and module preloads), gzipped as served:
 * the build's own .gz copies, in KB of 1,024 bytes, as the size budget counts them
 * (scripts/size-budget.mjs), so the two never disagree.
 */
function initialJsKb() {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return files.reduce((sum, file) => sum + fs.statSync(path.join(distDir, `${file}.gz`)).size, 0) / 1024;
}

/** Every text file of the build, fetched as a browser asks for it: which come back compressed. */
async function assetEncodings(base: string) {
  const texts = fs
    .readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(file))
    // The build's manifest (.vite/) is the size budget's, never served.
    .filter((file) => !file.startsWith('.'))
    .map((file) => `/${file.split(path.sep).join('/')}`);
  const uncompressed: string[] = [];
  for (const file of texts) {
    const response = await fetch(`${base}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    if (!['br', 'gzip'].includes(response.headers.get('content-encoding') ?? '')) uncompressed.push(file);
  }
  return { total: texts.length, compressed: texts.length - uncompressed.length, uncompressed };
}

async function signIn(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoFan),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The session as the API's sign-in sets it (platform/web-session.ts); Lighthouse keeps cookies
 * between runs. The `token` cookie must be HttpOnly as the API's is: the web app drops a session
 * cookie its script can read (an earlier version's, decision 047) and the page then signs out.
 */
async function setSessionCookie(chromePort: number, base: string, token: string | undefined) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    // The HttpOnly session, and beside it the cookie that tells the app someone is signed in.
    const cookie = { domain: new URL(base).hostname, path: '/', sameSite: 'Lax' } as const;
    if (token)
      await browser.setCookie(
        { ...cookie, name: SESSION_COOKIE, value: token, httpOnly: true },
        { ...cookie, name: SIGNED_IN_COOKIE, value: '1' },
      );
    else await browser.deleteCookie(...(await browser.cookies()));
  } finally {
    await browser.disconnect();
  }
}

/**
 * startApi runs without the demo seed: one start of the API with it first fills the data dir.
 * Each health probe has its own timeout, so a connection the starting server never answers
 * cannot hold the bench (and its lock) forever.
 */
async function seedDemo() {
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', INIT_CWD: '' };
  const child = killedOnExit(spawn('node', ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: repoRoot, env, stdio: 'inherit' }));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return stop(child);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (child.exitCode === null) await stop(child);
  throw new Error(`the API did not start with the demo seed (exit code ${child.exitCode}, signal ${child.signalCode})`);
}
