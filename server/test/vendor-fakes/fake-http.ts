import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a vendor fake received, kept so a test can assert on exactly what our adapter sent. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status?: number;
  json?: unknown;
  body?: string | Buffer;
  contentType?: string;
}

export interface FakeServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly requests: FakeRequest[];
  close(): Promise<void>;
}

/**
 * A vendor stand-in on 127.0.0.1 and a free port. `route` answers each request in the vendor's
 * shapes, at once or after the vendor's time (the Christmas bench's OpenAI); a throw becomes a 500
 * so a fake's own bug shows up as a failed vendor call, not a hang.
 */
export async function startFakeServer(
  route: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    let answer: FakeResponse;
    try {
      answer = await route(request);
    } catch (error) {
      answer = { status: 500, json: { error: { message: String(error) } } };
    }
    const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? '');
    const contentType = answer.contentType ?? (answer.json !== undefined ? 'application/json' : 'text/plain');
    res.writeHead(answer.status ?? 200, { 'Content-Type': contentType }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // The SDKs keep connections alive; close() alone would wait for them to time out.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The captures of `pattern` against the path, or undefined when it does not match. */
export function matchPath(pattern: RegExp, path: string): string[] | undefined {
  const match = pattern.exec(path);
  return match ? match.slice(1) : undefined;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
