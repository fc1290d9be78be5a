import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

const PUBLIC_URL_MARK = '%PUBLIC_URL%';

interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The public pages the client build drew to HTML (client/scripts/prerender.mjs), keyed by route.
 * Their link-preview tags need this server's own address, so they are finished and compressed
 * here, once, at start-up.
 */
export function loadPrerenderedPages(distDir: string, publicUrl: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  const dir = path.join(distDir, 'prerendered');
  const index = path.join(dir, 'routes.json');
  if (!existsSync(index)) return pages;
  const routes = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>;
  const origin = publicUrl.replace(/\/+$/, '');
  for (const [route, file] of Object.entries(routes)) {
    const html = Buffer.from(readFileSync(path.join(dir, file), 'utf8').replaceAll(PUBLIC_URL_MARK, origin));
    pages.set(route, {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    });
  }
  return pages;
}

/** Sends a prerendered page in the smallest encoding the browser accepts: brotli, then gzip. */
export function sendPage(req: Request, res: Response, page: Page): void {
  // Asked one by one: given a list, the browser's order would win, and browsers list gzip first.
  const encoding = req.acceptsEncodings('br') || req.acceptsEncodings('gzip');
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  });
  if (encoding === 'br') res.set('Content-Encoding', 'br').send(page.br);
  else if (encoding === 'gzip') res.set('Content-Encoding', 'gzip').send(page.gzip);
  else res.send(page.html);
}
