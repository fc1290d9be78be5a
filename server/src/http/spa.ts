import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { loadPrerenderedPages, sendPage } from './prerendered-pages.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, the public
 * pages prerendered, and every other non-API GET answered with index.html so client routes
 * survive a reload. `privatePages` are pages whose address is a secret (a shared keepsake): no
 * cache keeps them and no robot indexes them.
 */
export function serveSpa(distDir: string, publicUrl = '', options: { privatePages?: RegExp } = {}): Router {
  const router = express.Router();
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return router;
  // The build leaves .br and .gz copies beside each asset: served by Accept-Encoding, brotli first.
  router.use(
    '/assets',
    expressStaticGzip(path.join(distDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', fallthrough: false },
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  const pages = loadPrerenderedPages(distDir, publicUrl);
  router.get(/^\/(?!api(\/|$)).*/, (req, res) => {
    const page = pages.get(req.path);
    if (page) return sendPage(req, res, page);
    if (options.privatePages?.test(req.path)) {
      res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow, noarchive' });
    } else res.set('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
