/** Cache keys of the admin screens; every admin mutation invalidates under `admin`. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  user: (id: string) => ['admin', 'users', id] as const,
  discountHistory: (id: string) => ['admin', 'discount-history', id] as const,
  giftHistory: (id: string) => ['admin', 'gift-history', id] as const,
  santaPrompt: ['admin', 'santa-prompt'] as const,
  scriptPreview: (userId: string, draft: string | null, savedVersion: string) =>
    ['admin', 'script-preview', userId, draft, savedVersion] as const,
  coupons: ['admin', 'coupons'] as const,
  safetyFlags: ['admin', 'safety-flags'] as const,
  gifts: ['admin', 'gifts'] as const,
};
