import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { OpenIdGoogle } from './openid-google.ts';

// The real adapter against a real OpenID provider on loopback: discovery, PKCE S256, state,
// nonce, the code exchange with the client secret and id_token validation are all openid-client's.
const CLIENT_ID = 'santa-calls-test';
const CLIENT_SECRET = 'a-client-secret-long-enough-for-hs256-signing';
const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback';
const ACCOUNT = {
  sub: '1234567890',
  email: 'holly.jolly@example.com',
  email_verified: true,
  name: 'Holly Jolly',
  picture: 'https://lh3.googleusercontent.com/a/holly',
};

let server: Server;
let issuer: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    // Google puts the email and profile claims in the id_token itself, not only in userinfo.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: (_ctx: unknown, id: string) =>
      id === ACCOUNT.sub ? { accountId: id, claims: () => ({ ...ACCOUNT }) } : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
  });
  const oidc = provider.callback();
  // Stands in for Google's login and consent screens: the user signs in as ACCOUNT and agrees.
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return oidc(req, res);
    void (async () => {
      const interaction = await provider.interactionDetails(req, res);
      if (interaction.prompt.name === 'login') {
        await provider.interactionFinished(req, res, { login: { accountId: ACCOUNT.sub } });
        return;
      }
      const grant = new provider.Grant({ accountId: ACCOUNT.sub, clientId: CLIENT_ID });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        {
          mergeWithLastSubmission: true,
        },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A browser that follows the provider's redirects, keeping its cookies, until it leaves for us. */
async function authorizeInBrowser(url: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let next = new URL(url);
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.href.startsWith(REDIRECT_URI)) return next;
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${res.status}: ${await res.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects');
}

test('the authorization URL asks Google for openid email profile with PKCE S256, state and nonce', async () => {
  const google = new OpenIdGoogle({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer });
  const started = await google.startAuthorization(REDIRECT_URI);
  const url = new URL(started.url);
  expect(url.origin).toBe(issuer);
  const params = Object.fromEntries(url.searchParams);
  expect(params).toMatchObject({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge_method: 'S256',
    state: started.state,
    nonce: started.nonce,
  });
  expect(params.code_challenge).toBe(createHash('sha256').update(started.codeVerifier).digest('base64url'));
  expect(started.state).not.toBe(started.nonce);
});

test('a completed authorization returns the account sub, email, name and picture from the id_token', async () => {
  const google = new OpenIdGoogle({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer });
  const started = await google.startAuthorization(REDIRECT_URI);
  const callback = await authorizeInBrowser(started.url);
  expect(callback.searchParams.get('code')).toBeTruthy();
  const profile = await google.finishAuthorization(callback, { ...started, redirectUri: REDIRECT_URI });
  expect(profile).toEqual({
    sub: ACCOUNT.sub,
    email: ACCOUNT.email,
    emailVerified: true,
    name: ACCOUNT.name,
    picture: ACCOUNT.picture,
  });
});

test('a callback is refused when the state, PKCE verifier or nonce is not the one kept at the start', async () => {
  const google = new OpenIdGoogle({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer });
  const other = await google.startAuthorization(REDIRECT_URI);
  for (const change of [
    { state: other.state },
    { codeVerifier: other.codeVerifier },
    { nonce: other.nonce },
  ]) {
    const started = await google.startAuthorization(REDIRECT_URI);
    const callback = await authorizeInBrowser(started.url);
    expect(callback.searchParams.get('code')).toBeTruthy();
    await expect(
      google.finishAuthorization(callback, { ...started, redirectUri: REDIRECT_URI, ...change }),
    ).rejects.toThrow();
  }
});

test('a wrong client secret cannot exchange the code', async () => {
  const honest = new OpenIdGoogle({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer });
  const started = await honest.startAuthorization(REDIRECT_URI);
  const callback = await authorizeInBrowser(started.url);
  expect(callback.searchParams.get('code')).toBeTruthy();
  const impostor = new OpenIdGoogle({ clientId: CLIENT_ID, clientSecret: 'not-the-secret', issuer });
  await expect(
    impostor.finishAuthorization(callback, { ...started, redirectUri: REDIRECT_URI }),
  ).rejects.toThrow();
});
