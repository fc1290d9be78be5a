/**
 * Who may call every route, read from the router itself: a route added without a row here fails
 * the first test, so nobody ships an endpoint without saying who may use it. Each row is then
 * called as an anonymous visitor, the parent who owns the resource, another parent and the admin.
 * Bodies are empty: what is checked is access, not validation (400 means "let in, then refused
 * as incomplete").
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listRoutes } from './routes.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestContext,
  signUp,
  TestClient,
  type TestContext,
} from './test-app.ts';

type Role = 'anonymous' | 'parent' | 'otherParent' | 'admin';
type Access = Record<Role, number>;

const everyone = (status: number): Access => ({
  anonymous: status,
  parent: status,
  otherParent: status,
  admin: status,
});
const signedIn = (status: number): Access => ({
  anonymous: 401,
  parent: status,
  otherParent: status,
  admin: status,
});
const adminOnly = (status: number): Access => ({
  anonymous: 401,
  parent: 403,
  otherParent: 403,
  admin: status,
});
const ownerOnly = (owner: number, others = 404): Access => ({
  anonymous: 401,
  parent: owner,
  otherParent: others,
  admin: others,
});

/** Webhooks answer only their provider's signature; sandbox pages stand in for outside services. */
const MATRIX: Record<string, Access> = {
  'POST /api/voice/twilio/inbound': everyone(403),
  'POST /api/voice/twilio/status': everyone(403),
  'POST /api/voice/twilio/outbound/answer': everyone(403),
  'POST /api/voice/twilio/outbound/status': everyone(403),
  'POST /api/voice/twilio/outbound/amd': everyone(403),
  // Twilio's fallback: a fixed apology that reads and changes nothing, so it is not signed
  // (a wrong PUBLIC_URL would fail the signature when the caller most needs it).
  'POST /api/voice/twilio/fallback': everyone(200),
  'POST /api/voice/elevenlabs/post-call': everyone(400),
  'POST /api/stripe/webhook': everyone(400),
  'GET /api/health': everyone(200),
  'GET /sandbox/google/': everyone(400),
  'POST /sandbox/google/': everyone(400),
  'GET /sandbox/checkout/:id': everyone(404),
  'POST /sandbox/checkout/:id/pay': everyone(404),
  'POST /sandbox/checkout/:id/cancel': everyone(404),
  'GET /sandbox/portal/:id': everyone(404),
  'POST /sandbox/portal/:id/subscriptions/:sub/cancel': everyone(404),
  'POST /sandbox/portal/:id/subscriptions/:sub/renew': everyone(404),
  'POST /sandbox/portal/:id/subscriptions/:sub/end-period': everyone(404),
  'POST /sandbox/portal/:id/payment-method': everyone(404),
  'GET /sandbox/phone/': everyone(200),
  'GET /sandbox/phone/app.js': everyone(200),
  'POST /sandbox/phone/api/dial': everyone(400),
  'POST /sandbox/phone/api/say': everyone(400),
  'POST /sandbox/phone/api/hangup': everyone(400),
  'GET /sandbox/phone/api/state': everyone(400),
  'GET /sandbox/phone/api/incoming': everyone(400),
  'POST /sandbox/phone/api/answer': everyone(400),
  'POST /sandbox/phone/api/ring-now': everyone(400),
  'POST /sandbox/phone/api/decline': everyone(400),
  'POST /sandbox/phone/api/voicemail': everyone(400),
  'POST /api/auth/register': everyone(400),
  'POST /api/auth/login': everyone(400),
  'GET /api/auth/me': signedIn(200),
  // Open to visitors: being signed out is an answer (user null), not an error.
  'GET /api/auth/current-user': everyone(200),
  'POST /api/auth/logout': everyone(200),
  'GET /api/auth/session': everyone(401),
  'GET /api/auth/google': everyone(302),
  'GET /api/auth/google/callback': everyone(302),
  'GET /api/auth/sessions': signedIn(200),
  'DELETE /api/auth/sessions/:id': ownerOnly(200),
  'POST /api/auth/sessions/sign-out-others': signedIn(200),
  'POST /api/auth/password/forgot': everyone(400),
  'POST /api/auth/password/reset': everyone(400),
  'POST /api/auth/password/change': signedIn(400),
  'POST /api/auth/email/change': signedIn(400),
  // Anyone signed in may ask for a new link to their own, unconfirmed, address.
  'POST /api/auth/email/resend-verification': signedIn(202),
  // The token is the proof, so a link opened on another device needs no session.
  'POST /api/auth/email/verify': everyone(400),
  'GET /api/email/preferences': signedIn(200),
  'PUT /api/email/preferences': signedIn(400),
  'GET /sandbox/mail/': everyone(200),
  'GET /sandbox/mail/:id': everyone(404),
  'GET /sandbox/mail/:id/text': everyone(404),
  'GET /api/admin/users': adminOnly(200),
  'GET /api/admin/users/:id': adminOnly(200),
  'GET /api/admin/safety-flags': adminOnly(200),
  'POST /api/admin/users/:id/sync-calls': adminOnly(200),
  'DELETE /api/admin/users/:id/phone': adminOnly(404),
  'DELETE /api/admin/users/:id': adminOnly(200),
  'GET /api/admin/discount-history/:id': adminOnly(200),
  'GET /api/admin/gift-history/:id': adminOnly(200),
  'POST /api/admin/gift-minutes': adminOnly(400),
  'POST /api/admin/revoke-discount': adminOnly(400),
  'GET /api/admin/santa-prompt': adminOnly(200),
  'POST /api/admin/santa-prompt': adminOnly(400),
  'GET /api/admin/santa-prompt/preview': adminOnly(400),
  'POST /api/admin/santa-prompt/preview': adminOnly(400),
  'POST /api/admin/santa-prompt/test-call': adminOnly(400),
  'GET /api/admin/coupons/list': adminOnly(200),
  'POST /api/admin/coupons/generate': adminOnly(400),
  'GET /api/subscription/status': signedIn(200),
  'GET /api/subscription/notices': signedIn(200),
  'POST /api/subscription/notices/:id/dismiss': ownerOnly(204),
  'GET /api/santa/phones/': signedIn(200),
  'POST /api/santa/phones/send-code': signedIn(400),
  'POST /api/santa/phones/verify': signedIn(400),
  // A phone that is not one of the caller's family phones.
  'DELETE /api/santa/phones/:phone': signedIn(404),
  'GET /sandbox/phone/api/messages': everyone(400),
  'GET /api/santa/line/': signedIn(200),
  'PUT /api/santa/line/': signedIn(400),
  'GET /api/santa/kid-profile': signedIn(200),
  'POST /api/santa/kid-profile': signedIn(400),
  'GET /api/santa/sample-call-status': signedIn(200),
  // Before the sample row below: the admin account is shared by every row, and a sample gives it a line.
  // A parent without a plan has no Santa number yet.
  'GET /api/santa/hotline-number': signedIn(404),
  'GET /api/santa/contact.vcf': signedIn(404),
  'POST /api/santa/pronunciation-preview': signedIn(400),
  'POST /api/santa/use-sample-call': signedIn(200),
  'GET /api/scheduled-calls/': signedIn(200),
  'GET /api/scheduled-calls/slots': signedIn(400),
  'GET /api/scheduled-calls/phone-time-zones': signedIn(400),
  'POST /api/scheduled-calls/': signedIn(400),
  'PATCH /api/scheduled-calls/:id': signedIn(400),
  // Another family's call, or none: the same 404 (scheduled-calls.test.ts).
  'DELETE /api/scheduled-calls/:id': signedIn(404),
  'GET /api/children/': signedIn(200),
  'POST /api/children/': signedIn(400),
  'PUT /api/children/usual-caller': signedIn(400),
  'PATCH /api/children/:id': signedIn(400),
  // A family with no child yet is asked for the first one; another family's child is a 404
  // (children.test.ts).
  'DELETE /api/children/:id': signedIn(409),
  'GET /api/calls/history': signedIn(200),
  'POST /api/calls/:id/purchase-recording': ownerOnly(200),
  'POST /api/calls/sync-from-elevenlabs': signedIn(200),
  // A signed-in parent with no child described yet is asked to describe one (409), never handed a URL.
  'POST /api/calls/browser': signedIn(409),
  // The owner's recording is locked until bought; nobody else learns that it exists.
  'GET /api/calls/:id/recording': ownerOnly(403),
  // Keepsakes: the parent's own calls only. This call has no recap and its recording is not
  // unlocked, so it has nothing to share yet; ":linkId" is no link.
  'GET /api/calls/:id/share-links': ownerOnly(200),
  'POST /api/calls/:id/share-links': ownerOnly(409),
  'DELETE /api/calls/:id/share-links/:linkId': ownerOnly(404),
  'GET /api/calls/:id/certificate': ownerOnly(200),
  // What Santa remembers: the parent's own family. An empty correction is refused before the id
  // is looked at; ":id" is no memory.
  'GET /api/memory/': signedIn(200),
  'DELETE /api/memory/': signedIn(200),
  'PUT /api/memory/:id': signedIn(400),
  'DELETE /api/memory/:id': signedIn(404),
  // Grandparents invited to listen (decision 0026): the family's own invitations; an empty
  // invitation is refused; ":id" is no invitation, membership or call.
  'GET /api/listeners/': signedIn(200),
  'POST /api/listeners/': signedIn(400),
  'DELETE /api/listeners/:id': signedIn(404),
  'GET /api/listening/invitation': everyone(400),
  'GET /api/listening/': signedIn(200),
  'POST /api/listening/accept': signedIn(400),
  'GET /api/listening/:id/calls/:callId/recording': signedIn(404),
  // A keepsake link needs no account: the token is the proof (":token" is none).
  'GET /api/keepsakes/:token': everyone(404),
  // Gifts: anyone may buy one (an empty order is refused); the code is the proof (":code" is none).
  'POST /api/gifts/checkout': everyone(400),
  'GET /api/gifts/:code': everyone(404),
  'POST /api/gifts/redeem': signedIn(400),
  'GET /api/admin/gifts': adminOnly(200),
  'GET /api/keepsakes/:token/recording': everyone(404),
  'GET /api/keepsakes/:token/certificate': everyone(404),
  'POST /api/stripe/create-checkout': signedIn(400),
  // No Stripe customer yet: nothing to manage.
  'POST /api/stripe/billing-portal': signedIn(409),
  'GET /api/privacy/consent': signedIn(200),
  'POST /api/privacy/consent': signedIn(400),
  // Nothing built yet: before the export row below, since the admin account is shared by every row.
  'GET /api/privacy/exports/latest/archive': signedIn(404),
  'GET /api/privacy/exports': signedIn(200),
  'POST /api/privacy/exports': signedIn(202),
  // The emailed link: the token is the proof (":token" is none).
  'GET /api/privacy/exports/download/:token': everyone(404),
  // Every deletion asks for the password first; an empty body has none.
  'DELETE /api/privacy/calls/:id': signedIn(403),
  'DELETE /api/privacy/child-profile': signedIn(403),
  'DELETE /api/privacy/account': signedIn(403),
  'GET /api/privacy/retention/': signedIn(200),
  // An empty body is no choice at all.
  'PUT /api/privacy/retention/': signedIn(400),
  // Open to visitors (the pricing page checks a code before sign-in); ":code" is no code at all.
  'GET /api/stripe/coupons/:code/preview': everyone(400),
  // Santa's voice before paying: for everyone (":personality" is no Santa); made again by the admin.
  'GET /api/voice-samples/:personality': everyone(404),
  'POST /api/voice-samples/': adminOnly(200),
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

test('every mounted route says who may call it, and every row is a mounted route', () => {
  const mounted = listRoutes(ctx.app).map((route) => `${route.method} ${route.path}`);
  expect(mounted.filter((route) => !(route in MATRIX))).toEqual([]);
  expect(Object.keys(MATRIX).filter((route) => !mounted.includes(route))).toEqual([]);
});

/** Fresh accounts per row: some rows sign out or delete what they are given. */
async function cast() {
  const owner = await signUp(ctx.app);
  const other = await signUp(ctx.app);
  const admin = new TestClient(ctx.app);
  await admin.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into calls (user_id, duration, audio_key) values ($1, 90, 'conv_matrix.mp3') returning id`,
    [owner.user.id],
  );
  const sessions = await owner.client.get('/api/auth/sessions');
  const notice = await ctx.db.query<{ id: string }>(
    `insert into plan_notices (user_id, kind, details) values ($1, 'gift', '{"minutes": 5, "note": null}') returning id`,
    [owner.user.id],
  );
  return {
    clients: { anonymous: new TestClient(ctx.app), parent: owner.client, otherParent: other.client, admin },
    ids: {
      user: owner.user.id,
      call: rows[0]!.id,
      session: sessions.body.sessions[0].id as string,
      notice: notice.rows[0]!.id,
    },
  };
}

function concrete(
  path: string,
  ids: { user: string; call: string; session: string; notice: string },
): string {
  if (!path.includes(':')) return path;
  const id = path.startsWith('/api/admin')
    ? ids.user
    : path.startsWith('/api/auth/sessions')
      ? ids.session
      : path.startsWith('/sandbox/checkout')
        ? 'cs_test_missing'
        : path.startsWith('/api/subscription/notices')
          ? ids.notice
          : ids.call;
  return path.replace(':id', id).replace(':phone', encodeURIComponent('+14155550100'));
}

test.each(Object.entries(MATRIX))('%s', async (route, access) => {
  const [method, path] = route.split(' ') as [string, string];
  // Each role on its own accounts, so a sign-out or deletion by one cannot change another's answer.
  for (const role of ['anonymous', 'otherParent', 'admin', 'parent'] as const) {
    const { clients, ids } = await cast();
    const m = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const res = await clients[role][m](concrete(path, ids)).send({});
    expect(res.status, `${role} → ${route}`).toBe(access[role]);
  }
});
