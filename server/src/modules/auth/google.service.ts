import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { GoogleSignInError, type GoogleProvider } from '../../providers/google/google-provider.ts';
import type { AuthService } from './auth.service.ts';
import { consumeOAuthState, insertOAuthState } from './oauth-state.repository.ts';
import { sameSecret } from './sign-in-binding.ts';
import { hashToken } from './tokens.ts';
import { OAUTH_STATE_TTL_SECONDS } from './sign-in-binding.ts';

export type GoogleSignInResult =
  | { ok: true; handoffId: string }
  /** reason is for the log only: it never carries an email, a name or a token. */
  | { ok: false; reason: string };

function describeFailure(error: unknown): string {
  if (error instanceof GoogleSignInError) return error.message;
  if (error instanceof AppError) return `refused: ${error.code}`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message.slice(0, 200)}`;
  }
  return 'unknown failure';
}

/**
 * Google sign-in between the two redirects: the state, PKCE verifier and nonce wait in
 * oauth_states (hashed state, ten minutes, used once); a verified identity becomes a one-time
 * handoff id for the SPA.
 */
export function createGoogleSignInService(deps: {
  db: Db;
  auth: AuthService;
  google: GoogleProvider;
  redirectUri: string;
}) {
  const { db, auth, google, redirectUri } = deps;

  return {
    /** The URL to send the browser to, and the state the browser must bring back. */
    async start(): Promise<{ url: string; state: string }> {
      const started = await google.startAuthorization(redirectUri);
      await insertOAuthState(db, {
        stateHash: hashToken(started.state),
        codeVerifier: started.codeVerifier,
        nonce: started.nonce,
        ttlSeconds: OAUTH_STATE_TTL_SECONDS,
      });
      return { url: started.url, state: started.state };
    },

    /**
     * Never throws: every failure becomes a reason to log and a redirect to the sign-in page.
     * `browserState` is the state this browser was given at the start (sign-in-binding.ts).
     */
    async finish(callbackUrl: URL, browserState: string | undefined): Promise<GoogleSignInResult> {
      try {
        const state = callbackUrl.searchParams.get('state');
        if (!state || state.length > 500) return { ok: false, reason: 'missing state' };
        if (!sameSecret(state, browserState))
          return { ok: false, reason: 'state not started in this browser' };
        const stored = await consumeOAuthState(db, hashToken(state));
        if (!stored) return { ok: false, reason: 'unknown, expired or reused state' };
        const profile = await google.finishAuthorization(callbackUrl, {
          state,
          codeVerifier: stored.code_verifier,
          nonce: stored.nonce,
          redirectUri,
        });
        // The sandbox lets anyone type any email, so it may never open an account that has a password.
        const user = await auth.signInWithGoogle(profile, { passwordAccounts: !google.isSandbox });
        return { ok: true, handoffId: await auth.createHandoff(user.id) };
      } catch (error) {
        return { ok: false, reason: describeFailure(error) };
      }
    },
  };
}

export type GoogleSignInService = ReturnType<typeof createGoogleSignInService>;
