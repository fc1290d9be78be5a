import type { AuthResponse } from '@santa/shared/auth';
import { api } from '@/lib/api-client';

/** Trades the one-time id from a third-party sign-in return for the session cookie. */
export const exchangeSession = (sessionId: string) =>
  api.get<AuthResponse>('/auth/session', { 'X-Session-ID': sessionId });
