// After `vite build` and the server build of src/prerender.tsx: the public pages drawn to HTML,
// so their text, title and link-preview tags arrive before any script runs. The server sends
// these for their routes (server/src/http/spa.ts) and the empty shell for every other route.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CLIENT = new URL('../', import.meta.url).pathname;
const DIST = path.join(CLIENT, 'dist');
const SSR = path.join(CLIENT, 'dist-ssr');
const OUT = path.join(DIST, 'prerendered');

const { renderPage, publicPages } = await import(path.join(SSR, 'prerender.js'));
const template = await readFile(path.join(DIST, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
const routeSources = {
  '/': 'src/app/routes/landing.tsx',
  '/pricing': 'src/app/routes/pricing.tsx',
  '/auth': 'src/app/routes/auth.tsx',
};

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page's own chunk and the chunks it imports: fetched alongside the entry, not after it. */
function chunksOf(source, seen = new Set()) {
  const entry = manifest[source];
  if (!entry || seen.has(source)) return seen;
  seen.add(source);
  for (const imported of entry.imports ?? []) chunksOf(imported, seen);
  return seen;
}

// The headline's font: without the hint it is found only once the stylesheet has been parsed.
const assets = await readdir(path.join(DIST, 'assets'));
const headlineFont = assets.find((name) => /^fraunces-latin-wght-normal-.*\.woff2$/.test(name));

/**
 * The stylesheet written into the page: the first paint then waits for no second request. It is
 * small compressed, and the pages it serves are the ones a first visit lands on.
 */
function inlineStylesheet(html) {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (_tag, file) => {
    const css = readFileSync(path.join(DIST, file), 'utf8');
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

// The entry and what index.html already preloads.
const shellChunks = new Set(
  [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]),
);

const routes = {};
for (const [url, meta] of Object.entries(publicPages)) {
  const body = await renderPage(url);
  const preloads = [...chunksOf(routeSources[url])]
    .map((source) => manifest[source].file)
    .filter((file) => !shellChunks.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (headlineFont) {
    preloads.unshift(
      `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${headlineFont}">`,
    );
  }
  const head = [
    `<title>${escape(meta.title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Santa Calls" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    // The server writes its own address in place of the mark (server/src/http/prerendered-pages.ts).
    `<meta property="og:url" content="%PUBLIC_URL%${url}" />`,
    `<link rel="canonical" href="%PUBLIC_URL%${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...preloads,
  ].join('\n    ');
  const html = inlineStylesheet(template)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  const file = url === '/' ? 'index.html' : `${url.slice(1)}.html`;
  await mkdir(OUT, { recursive: true });
  await writeFile(path.join(OUT, file), html);
  routes[url] = file;
}
/**
 * The signed-in pages a parent opens directly (the home on their phone, a link in an email): no
 * content to draw without knowing who it is, but the shell names every chunk the page needs, so
 * they are fetched beside the entry instead of one import after another, and carries the
 * stylesheet. Mobile Lighthouse measured the dashboard's 40-odd chunks as a waterfall.
 */
const signedInPages = {
  '/dashboard': 'src/app/routes/dashboard.tsx',
  '/calls': 'src/app/routes/calls.tsx',
  '/account': 'src/app/routes/account.tsx',
};
for (const [url, source] of Object.entries(signedInPages)) {
  const chunks = new Set([...chunksOf('src/app/guards.tsx'), ...chunksOf(source)]);
  const preloads = [...chunks]
    .map((chunk) => manifest[chunk].file)
    .filter((file) => !shellChunks.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const html = inlineStylesheet(template).replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
  const file = `${url.slice(1)}.html`;
  await writeFile(path.join(OUT, file), html);
  routes[url] = file;
}
await writeFile(path.join(OUT, 'routes.json'), JSON.stringify(routes, null, 2));
await rm(SSR, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(routes).join(', ')}`);
