/** The one error type; each code maps to one HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A link that worked once and no longer does (expired, revoked). */
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notSignedIn = () => new AppError('unauthenticated', 'Not authenticated');
