import * as oidc from 'openid-client';
import type {
  GoogleAuthorizationStart,
  GoogleExpectedAuthorization,
  GoogleProfile,
  GoogleProvider,
} from './google-provider.ts';
import { GOOGLE_CALLBACK_PATH, GoogleSignInError } from './google-provider.ts';
import { fatal, ok, unreachable, type DiagnosisContext, type Finding } from '../diagnosis.ts';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface OpenIdGoogleOptions {
  clientId: string;
  clientSecret: string;
  /** Google by default; tests point it at a local OpenID provider. */
  issuer?: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The real Google sign-in on openid-client: authorization code + PKCE S256, state and nonce. */
export class OpenIdGoogle implements GoogleProvider {
  readonly isSandbox = false;
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: OpenIdGoogleOptions) {}

  /** Discovery happens on first use, so start-up never waits on (or fails with) Google. */
  private config(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      // A failed discovery is retried on the next sign-in instead of being cached.
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.options.issuer ?? GOOGLE_ISSUER);
    // Plain http is only ever allowed for a provider on this machine (tests).
    const isLoopbackHttp = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
    return oidc.discovery(
      issuer,
      this.options.clientId,
      undefined,
      oidc.ClientSecretPost(this.options.clientSecret),
      isLoopbackHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  }

  async diagnose(context: DiagnosisContext): Promise<Finding[]> {
    const findings: Finding[] = [];
    try {
      await this.discover();
      findings.push(ok('discovery', `${this.options.issuer ?? GOOGLE_ISSUER} answers OpenID discovery`));
    } catch (error) {
      findings.push(unreachable('discovery', error, 'Check that this server can reach accounts.google.com.'));
    }
    const redirectUri = new URL(GOOGLE_CALLBACK_PATH, context.publicUrl);
    findings.push(
      redirectUri.protocol === 'https:' || LOOPBACK_HOSTS.has(redirectUri.hostname)
        ? ok(
            'redirect URI',
            `${redirectUri.href} (it must be an authorized redirect URI of the OAuth client)`,
          )
        : fatal(
            'redirect URI',
            `${redirectUri.href} is plain http`,
            'Google refuses http redirect URIs: serve PUBLIC_URL over https.',
          ),
    );
    return findings;
  }

  async startAuthorization(redirectUri: string): Promise<GoogleAuthorizationStart> {
    const config = await this.config();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, codeVerifier, nonce };
  }

  async finishAuthorization(callbackUrl: URL, expected: GoogleExpectedAuthorization): Promise<GoogleProfile> {
    const config = await this.config();
    // openid-client derives the token request's redirect_uri from this URL, so it is rebuilt on
    // the registered redirect URI whatever host or proxy the request came through.
    const currentUrl = new URL(expected.redirectUri);
    currentUrl.search = callbackUrl.search;
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new GoogleSignInError('no id_token in the token response');
    const { email, email_verified: emailVerified, name, picture } = claims;
    if (typeof email !== 'string' || email === '') throw new GoogleSignInError('id_token has no email');
    return {
      sub: claims.sub,
      email,
      emailVerified: emailVerified === true,
      name: typeof name === 'string' ? name : '',
      picture: typeof picture === 'string' ? picture : null,
    };
  }
}
