import type { ApiErrorBody } from '@santa/shared/errors';

/** An API failure carrying the server's `detail` (toasts show it). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly code: string | undefined,
  ) {
    super(detail ?? `Request failed with status ${status}`);
  }
}

/** The server's detail when it sent one, else the screen's own fallback message. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export const NETWORK_ERROR = 'We couldn’t reach Santa Calls — check your connection and try again.';
export const SERVER_ERROR = 'Something went wrong on our side. Please try again in a minute.';

/**
 * What a failed request tells the parent: the server's own detail when it sent one, else whether
 * the network or the server failed; never a generic "failed" that leaves them guessing.
 */
export function requestErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NETWORK_ERROR;
    if (error.detail) return error.detail;
  }
  return SERVER_ERROR;
}

type Body = Record<string, unknown> | FormData | undefined;

async function request<T>(method: string, path: string, body?: Body, headers: HeadersInit = {}): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, init);
  } catch {
    throw new ApiError(0, undefined, 'network');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = errorBody(data);
    throw new ApiError(response.status, body.detail, body.code);
  }
  return data as T;
}

/**
 * The string fields of an error body, by hand rather than with the zod schema: this module is in
 * every page's first download, and zod alone would weigh more than the landing page.
 */
function errorBody(data: unknown): Partial<ApiErrorBody> {
  if (typeof data !== 'object' || data === null) return {};
  const { detail, code } = data as Record<string, unknown>;
  return {
    detail: typeof detail === 'string' ? detail : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one API client: cookies always sent, errors typed. */
export const api = {
  get: <T>(path: string, headers?: HeadersInit) => request<T>('GET', path, undefined, headers),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: Body) => request<T>('DELETE', path, body),
};
