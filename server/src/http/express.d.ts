import type { Logger } from 'pino';
import type { SessionUser } from './session-user.ts';

declare global {
  namespace Express {
    interface Request {
      user?: SessionUser;
      /** The request's child logger, carrying its id (http/request-logging.ts). */
      log: Logger;
    }
  }
}

export {};
