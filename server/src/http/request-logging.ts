import { randomUUID } from 'node:crypto';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';

const REQUEST_ID = /^[\w-]{1,64}$/;
/**
 * A shared keepsake's address is its secret (decision 0018), and so are a gift's redeem link
 * (decision 0022) and a family download's link: the log keeps the route, not the token. Password
 * resets, address checks and invitations carry theirs in the #fragment and the request body,
 * which the server never logs.
 */
const SECRET_IN_PATH =
  /^(\/api\/keepsakes|\/keepsake|\/api\/gifts|\/gift|\/api\/privacy\/exports\/download)\/(?!(?:checkout|redeem)$)[^/]+/;

/**
 * One line per request with its id, method, path (never the query string: it can carry codes and
 * ids), status and time; no bodies, headers or cookies. `req.log` is the request's child logger,
 * made only when something logs through it: pino-http built one for every request, which cost a
 * tenth of a simple request's time (npm run bench).
 */
export function useRequestLogging(app: Express, logger: Logger): void {
  // On the app's own request prototype, so a request pays for a child logger only when it logs.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { childLogger?: Logger; id: string }) {
      return (this.childLogger ??= logger.child({ reqId: this.id }));
    },
  });
  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (req as Request & { id: string }).id = id;
    res.setHeader('X-Request-Id', id);
    if (req.url === '/api/health') return next();

    const started = performance.now();
    const method = req.method;
    const path = (req.originalUrl || req.url).split('?')[0]!.replace(SECRET_IN_PATH, '$1/:token');
    res.once('close', () => {
      const status = res.statusCode;
      const finished = res.writableFinished;
      const level = !finished || status >= 400 ? (status >= 500 ? 'error' : 'warn') : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          req: { method, path },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - started),
        },
        finished ? 'request completed' : 'request aborted',
      );
    });
    next();
  });
}
