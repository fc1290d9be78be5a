/**
 * Cache keys read by more than one feature, so that a mutation in one screen (the free sample,
 * a saved profile, a synced call) refreshes what another screen shows without importing it.
 */
export const queryKeys = {
  subscriptionStatus: ['subscription', 'status'] as const,
  hotlineNumber: ['santa', 'hotline-number'] as const,
  kidProfile: ['santa', 'kid-profile'] as const,
  sampleCallStatus: ['santa', 'sample-call-status'] as const,
  callHistory: ['calls', 'history'] as const,
  privacyConsent: ['privacy', 'consent'] as const,
  children: ['children'] as const,
  listening: ['listening'] as const,
};
