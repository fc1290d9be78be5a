// The app as a browser reaches it in production: through a TLS front that speaks HTTP/2 (the load
// balancer or CDN of docs/going-live.md), here a local one with a throwaway self-signed
// certificate. Over HTTP/1.1 a browser opens six connections to a host and a page's many small
// chunks queue behind them; over HTTP/2 they share one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Headers that belong to one connection, not to the request (HTTP/2 forbids them).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** A key and certificate for localhost, made with the system's openssl and kept nowhere. */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'santa-h2-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const withoutHopByHop = (headers) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );

/** Starts the front on `port`, passing every request to `target` (http://host:port); answers its URL. */
export async function startHttp2Front(target, port) {
  const upstream = new URL(target);
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (req, res) => {
    const headers = { ...withoutHopByHop(req.headers), host: upstream.host, 'x-forwarded-proto': 'https' };
    const forwarded = http.request(new URL(req.url, upstream), { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(res);
    });
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(port, 'localhost', resolve));
  return { url: `https://localhost:${port}`, close: () => server.close() };
}
