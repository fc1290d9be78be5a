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
  calls: '/calls',
  account: '/account',
  admin: '/admin',
  adminCoupons: '/admin/coupons',
  santaSafety: '/santa-safety',
  privacy: '/privacy',
  terms: '/terms',
  accountPrivacy: '/account/privacy',
} as const;
