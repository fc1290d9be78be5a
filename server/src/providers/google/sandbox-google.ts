import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  GoogleAuthorizationStart,
  GoogleExpectedAuthorization,
  GoogleProfile,
  GoogleProvider,
} from './google-provider.ts';
import { GOOGLE_CALLBACK_PATH, GoogleSignInError } from './google-provider.ts';
import { sandboxFinding, type Finding } from '../diagnosis.ts';

/** Google's codes live minutes; the sandbox's are shorter still, enough for one redirect. */
export const SANDBOX_CODE_TTL_MS = 2 * 60_000;

export interface SandboxAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** What the sandbox authorization URL carries, as Google's would. */
export interface SandboxAuthorizationRequest {
  state: string;
  codeChallenge: string;
  nonce: string;
  redirectUri: string;
}

export const SANDBOX_PRESET_ACCOUNTS: readonly SandboxAccount[] = [
  { email: 'holly.jolly@example.com', name: 'Holly Jolly', emailVerified: true },
  { email: 'nick.frost@example.com', name: 'Nick Frost', emailVerified: true },
];

interface CodePayload {
  sub: string;
  email: string;
  ev: boolean;
  name: string;
  cc: string;
  nonce: string;
  ru: string;
  exp: number;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const pkceChallenge = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());

/** A stable Google-like subject per email, so signing in twice finds the same account. */
export function sandboxSubject(email: string): string {
  return `sandbox-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;
}

/**
 * Plays Google's part: the authorization URL opens a local account chooser, which
 * redirects to our real callback with a code; the code is HMAC-signed with the sandbox client
 * secret and bound to the PKCE challenge, nonce and redirect URI, so the callback code path and
 * its checks are the production ones.
 */
export class SandboxGoogle implements GoogleProvider {
  readonly isSandbox = true;

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      `Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET of an OAuth web client whose redirect URI is PUBLIC_URL${GOOGLE_CALLBACK_PATH}.`,
    );
  }
  private readonly now: () => number;

  constructor(private readonly options: { clientSecret: string; publicUrl: string; now?: () => number }) {
    this.now = options.now ?? Date.now;
  }

  async startAuthorization(redirectUri: string): Promise<GoogleAuthorizationStart> {
    const codeVerifier = base64url(randomBytes(32));
    const state = base64url(randomBytes(32));
    const nonce = base64url(randomBytes(32));
    const url = new URL('/sandbox/google', this.options.publicUrl);
    url.search = new URLSearchParams({
      client_id: 'sandbox',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      state,
      nonce,
      code_challenge: pkceChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.href, state, codeVerifier, nonce };
  }

  /** Only our own origin may receive codes, so the chooser can never redirect off-site. */
  isAllowedRedirect(redirectUri: string): boolean {
    try {
      return new URL(redirectUri).origin === new URL(this.options.publicUrl).origin;
    } catch {
      return false;
    }
  }

  /** The chooser's answer: where to send the browser back with the code. */
  approve(request: SandboxAuthorizationRequest, account: SandboxAccount): URL {
    const email = account.email.trim().toLowerCase();
    const payload: CodePayload = {
      sub: sandboxSubject(email),
      email,
      ev: account.emailVerified,
      name: account.name.trim(),
      cc: request.codeChallenge,
      nonce: request.nonce,
      ru: request.redirectUri,
      exp: this.now() + SANDBOX_CODE_TTL_MS,
    };
    const body = base64url(JSON.stringify(payload));
    const back = new URL(request.redirectUri);
    back.searchParams.set('code', `${body}.${this.sign(body)}`);
    back.searchParams.set('state', request.state);
    back.searchParams.set('scope', 'openid email profile');
    return back;
  }

  /** The chooser's "Cancel": Google answers access_denied. */
  deny(request: SandboxAuthorizationRequest): URL {
    const back = new URL(request.redirectUri);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', request.state);
    return back;
  }

  async finishAuthorization(callbackUrl: URL, expected: GoogleExpectedAuthorization): Promise<GoogleProfile> {
    const params = callbackUrl.searchParams;
    if (params.get('state') !== expected.state) throw new GoogleSignInError('state mismatch');
    const error = params.get('error');
    if (error) throw new GoogleSignInError(`authorization refused: ${error.slice(0, 40)}`);
    const payload = this.verify(params.get('code') ?? '');
    if (payload.exp <= this.now()) throw new GoogleSignInError('code expired');
    if (payload.cc !== pkceChallenge(expected.codeVerifier)) throw new GoogleSignInError('PKCE mismatch');
    if (payload.nonce !== expected.nonce) throw new GoogleSignInError('nonce mismatch');
    if (payload.ru !== expected.redirectUri) throw new GoogleSignInError('redirect_uri mismatch');
    return {
      sub: payload.sub,
      email: payload.email,
      emailVerified: payload.ev,
      name: payload.name,
      picture: null,
    };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.options.clientSecret).update(body).digest('base64url');
  }

  private verify(code: string): CodePayload {
    const [body, signature, ...rest] = code.split('.');
    if (!body || !signature || rest.length > 0) throw new GoogleSignInError('malformed code');
    const given = Buffer.from(signature);
    const wanted = Buffer.from(this.sign(body));
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new GoogleSignInError('bad code signature');
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CodePayload;
  }
}
