import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
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
