import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import { FOREIGN_KEY_VIOLATION } from '../db/db.ts';
import { AppError } from './errors.ts';

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new AppError('not_found', 'Not found'));
};

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    return error.code === 'LIMIT_FILE_SIZE' || error.code === 'LIMIT_FIELD_VALUE'
      ? new AppError('payload_too_large', 'Request is too large')
      : new AppError('bad_request', 'Invalid form data');
  }
  // body-parser errors carry a `type`.
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') return new AppError('bad_request', 'Malformed JSON body');
  if (type === 'entity.too.large') return new AppError('payload_too_large', 'Request body is too large');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
    return new AppError('bad_request', 'Unsupported request encoding');
  }
  if (type === 'request.aborted') return new AppError('bad_request', 'The request body ended early');
  // busboy (under multer) throws plain Errors for a missing or broken boundary and cut-off parts.
  const message = error instanceof Error ? error.message : '';
  if (/^(Multipart: |Unexpected end of form|Malformed part header|Malformed urlencoded form)/.test(message)) {
    return new AppError('bad_request', 'Invalid form data');
  }
  // A row for a user deleted a moment ago by another replica (its session was still remembered
  // here for up to a second): the account is gone, so the caller is signed out, not failed.
  const dbError = error as { code?: unknown; constraint?: unknown } | null;
  if (
    dbError?.code === FOREIGN_KEY_VIOLATION &&
    typeof dbError.constraint === 'string' &&
    dbError.constraint.endsWith('_user_id_fkey')
  ) {
    return new AppError('unauthenticated', 'Not authenticated');
  }
  // A malformed %-escape in the path (the router's decodeURIComponent).
  if (error instanceof URIError) return new AppError('bad_request', 'Malformed URL');
  // http-errors from the router and static files (a missing /assets file is a 404, not a 500).
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 404) return new AppError('not_found', 'Not found');
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError('bad_request', 'Bad request');
  }
  return undefined;
}

/** One handler writes every error as `{ detail, code }`; unknown errors are logged, never echoed. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const appError = toAppError(error);
  if (res.headersSent) {
    req.log.error({ err: error }, 'error after response started');
    res.end();
    return;
  }
  if (!appError) {
    req.log.error({ err: error }, 'unhandled error');
    res.status(500).json({ detail: 'Something went wrong on our side. Please try again.', code: 'internal' });
    return;
  }
  if (appError.status >= 500) req.log.error({ err: error }, appError.detail);
  res.set(appError.headers).status(appError.status).json({ detail: appError.detail, code: appError.code });
};
