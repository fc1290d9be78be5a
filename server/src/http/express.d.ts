import type { SessionUser } from '../modules/auth/auth.service.ts';

declare global {
  namespace Express {
    interface Request {
      user?: SessionUser;
    }
  }
}

export {};
