/** Every client route in one place. */
export const paths = {
  landing: '/',
  auth: '/auth',
  pricing: '/pricing',
  dashboard: '/dashboard',
  setupProfile: '/setup-profile',
  calls: '/calls',
  account: '/account',
  admin: '/admin',
  adminCoupons: '/admin/coupons',
  santaSafety: '/santa-safety',
} as const;
