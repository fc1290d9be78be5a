import { defineConfig } from 'vitest/config';

// The tests that exercise money and minutes: what `npm run test:mutation` runs against each mutant.
export default defineConfig({
  test: {
    name: 'server-mutation',
    include: [
      'src/modules/voice/**/*.test.ts',
      'src/modules/payments/**/*.test.ts',
      'src/modules/admin/**/*.test.ts',
      // Receipts and the "update your card" email are money too: their tests judge fulfilment's emails.
      'src/modules/email/**/*.test.ts',
      // A gift is paid through the same Stripe webhook: only its tests notice it going unrecorded.
      'src/modules/gifts/**/*.test.ts',
      // A Stripe event we cannot read is acknowledged and recorded: only these tests notice otherwise.
      'src/http/unreadable-webhooks.test.ts',
    ],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
