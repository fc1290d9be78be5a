import type { Logger } from 'pino';
import type { SessionUser } from '../modules/auth/auth.service.ts';

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
