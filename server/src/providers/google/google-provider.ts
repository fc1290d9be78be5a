import type { Diagnosable } from '../diagnosis.ts';

/** Google sign-in in our words: an OpenID Connect authorization-code flow with PKCE. */
export interface GoogleAuthorizationStart {
  /** Where to send the browser. */
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** What the callback must match: the values kept from the start of this sign-in. */
export interface GoogleExpectedAuthorization {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

/** Where Google sends the browser back: an authorized redirect URI of the OAuth client. */
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

export interface GoogleProvider extends Diagnosable {
  readonly isSandbox: boolean;
  startAuthorization(redirectUri: string): Promise<GoogleAuthorizationStart>;
  /** Checks the callback (state, code, PKCE, nonce, id_token) and returns the signed-in identity. */
  finishAuthorization(callbackUrl: URL, expected: GoogleExpectedAuthorization): Promise<GoogleProfile>;
}

/** The account chooser or the token exchange refused the sign-in; the message carries no personal data. */
export class GoogleSignInError extends Error {}
