// `npm run bench:web`: Lighthouse (mobile profile, Debian's Chromium) on the public pages and a
// signed-in dashboard of the built app, and the landing page's JavaScript weighed gzipped.
// Build first (`npm run build`). The pages are fetched as production serves them, through a TLS
// front speaking HTTP/2 (scripts/http2-front.mjs); BENCH_HTTP1=1 measures the bare app over HTTP/1.1
// instead. BENCH_URL measures an app already running, as it is, instead of starting one.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startHttp2Front } from './http2-front.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const DIST = path.join(ROOT, 'client', 'dist');
const PORT = Number(process.env.BENCH_PORT ?? 3180);
const BASE = process.env.BENCH_URL ?? `http://localhost:${PORT}`;
const FRONTED = !process.env.BENCH_URL && !process.env.BENCH_HTTP1;
/** Where the browser goes: the HTTP/2 front, or the app itself. */
const PAGE_BASE = FRONTED ? `https://localhost:${PORT + 1}` : BASE;
const PAGES = ['/', '/pricing', '/auth', '/dashboard'];
const PUBLIC = new Set(['/', '/pricing', '/auth']);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
/** The signed-in dashboard's own targets (a page drawn in the browser from several requests). */
const SIGNED_IN_TARGETS = { performance: 90, accessibility: 100 };
const LANDING_JS_BUDGET = 100 * 1024;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // The front's certificate is made for this run only.
  ...(FRONTED ? ['--ignore-certificate-errors'] : []),
];

async function startServer() {
  const server = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: PAGE_BASE,
      DATABASE_URL: 'memory://',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'santa-bench-web-')),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let waited = 0; waited < 120_000; waited += 500) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const healthy = await fetch(`${BASE}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not answer /api/health within two minutes');
}

/** A new parent signed up through the API: the dashboard is measured as they first see it. */
async function signUp() {
  const res = await fetch(`${BASE}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(PAGE_BASE).origin },
    body: JSON.stringify({
      name: 'Holly Bench',
      email: `bench-${Date.now().toString(36)}@example.com`,
      password: 'jingle-bells-2024',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { session_token: token } = await res.json();
  return `session_token=${token}`;
}

/** The JavaScript a page fetched, weighed as the server's gzip copies (what a gzip-only browser gets). */
function gzippedScriptBytes(lhr) {
  const scripts = lhr.audits['network-requests'].details.items.filter(
    (item) => item.resourceType === 'Script' && new URL(item.url).pathname.startsWith('/assets/'),
  );
  return scripts.reduce((sum, item) => {
    const file = path.join(DIST, new URL(item.url).pathname);
    return sum + gzipSync(readFileSync(file), { level: 9 }).length;
  }, 0);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const server = process.env.BENCH_URL ? null : await startServer();
const front = FRONTED ? await startHttp2Front(BASE, PORT + 1) : null;
console.log(
  `measuring ${PAGE_BASE} (${FRONTED ? 'HTTP/2 over TLS, as a load balancer serves it' : 'HTTP/1.1'})`,
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
// Stopped early (Ctrl-C), the browser and the server it started go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    chrome.kill();
    server?.kill();
    front?.close();
    process.exit(130);
  });
}
const reports = path.join(ROOT, '.bench', 'lighthouse');
mkdirSync(reports, { recursive: true });
const misses = [];
try {
  const cookie = await signUp();
  for (const route of PAGES) {
    const measure = async () =>
      (
        await lighthouse(`${PAGE_BASE}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(TARGETS),
          // Only the dashboard is measured signed in; the public pages as a first visitor sees them.
          extraHeaders: route === '/dashboard' ? { Cookie: cookie } : undefined,
        })
      ).lhr;
    let lhr = await measure();
    // A trace Lighthouse could not read (NO_NAVSTART on a busy machine) is a failed measurement,
    // not a score of 0: measured once more, and reported if it fails again.
    if (lhr.runtimeError) {
      console.log(`            (${route}: ${lhr.runtimeError.code}; measuring again)`);
      lhr = await measure();
    }
    if (lhr.runtimeError) misses.push(`${route} not measured: ${lhr.runtimeError.code}`);
    writeFileSync(path.join(reports, `${route.slice(1) || 'landing'}.json`), JSON.stringify(lhr));
    const scores = Object.keys(TARGETS).map((id) => [id, Math.round(lhr.categories[id].score * 100)]);
    const lcp = lhr.audits['largest-contentful-paint'].numericValue;
    const bytes = lhr.audits['total-byte-weight'].numericValue;
    console.log(
      `${route.padEnd(11)} ${scores.map(([id, score]) => `${id} ${score}`).join('  ')}  LCP ${(lcp / 1000).toFixed(2)} s  transferred ${kb(bytes)}`,
    );
    if (lhr.finalDisplayedUrl !== `${PAGE_BASE}${route}`)
      console.log(`            (ended on ${lhr.finalDisplayedUrl})`);
    const targets = PUBLIC.has(route) ? TARGETS : SIGNED_IN_TARGETS;
    for (const [id, score] of scores)
      if (id in targets && score < targets[id]) misses.push(`${route} ${id} ${score} < ${targets[id]}`);
    if (route === '/') {
      const js = gzippedScriptBytes(lhr);
      console.log(`            landing JavaScript ${kb(js)} gzipped (budget ${kb(LANDING_JS_BUDGET)})`);
      if (js > LANDING_JS_BUDGET) misses.push(`landing JavaScript ${kb(js)} > ${kb(LANDING_JS_BUDGET)}`);
    }
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .filter((audit) => audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
      .map((audit) => audit.id);
    if (failing.length) console.log(`            below 90: ${failing.join(', ')}`);
  }
} finally {
  await chrome.kill();
  server?.kill();
  front?.close();
}
console.log(misses.length ? `\nMissed targets:\n  ${misses.join('\n  ')}` : '\nEvery target met.');
process.exitCode = misses.length ? 1 : 0;
