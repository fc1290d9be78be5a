/** Every client route in one place. */
export const paths = {
  landing: '/',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  // The emailed links land here with their token in the #fragment (server: account-tokens.ts).
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  pricing: '/pricing',
  dashboard: '/dashboard',
  setupProfile: '/setup-profile',
  // Every child of the family after the first, and who usually calls (decision 0024).
  children: '/children',
  // Santa calls the child at a time the parent picked (decision 0025); ?again=<id> moves a missed one.
  santaCalls: '/santa-calls',
  // The phones Santa recognises and the people invited to listen.
  family: '/family',
  // The guided first run: one step per screen, from the child's name to Santa's number.
  welcome: '/welcome',
  /** Sign-up that remembers the parent came for the free sample (kept through Google sign-in too). */
  sampleSignUp: '/auth?mode=signup&intent=sample',
  calls: '/calls',
  // The child talks to Santa in this browser, no phone needed (decision 0035).
  talk: '/talk',
  account: '/account',
  admin: '/admin',
  adminCoupons: '/admin/coupons',
  santaSafety: '/santa-safety',
  privacy: '/privacy',
  terms: '/terms',
  accountPrivacy: '/account/privacy',
  // A shared call: the link's token is the proof, no account needed (decision 0018).
  keepsake: '/keepsake/:token',
  // Give a plan to someone else; the recipient's emailed link holds its single-use code.
  gift: '/gift',
  redeemGift: '/gift/:code',
  // An invitation to listen: its token is in the #fragment (decision 0026).
  listen: '/listen',
  // The families the signed-in person was invited to listen to.
  listening: '/listening',
} as const;
