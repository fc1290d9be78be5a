// Mutation testing of the money and minutes code (`npm run test:mutation`, not part of `npm test`):
// a mutant that survives is a change to billing that no test would notice.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // Re-runs only the mutants whose code or tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  coverageAnalysis: 'perTest',
  mutate: [
    'src/modules/voice/minutes.ts',
    'src/modules/voice/reservations.repository.ts',
    'src/modules/voice/reservation-sweeps.repository.ts',
    'src/modules/payments/fulfilment.service.ts',
    'src/modules/payments/fulfilment-context.ts',
    'src/modules/payments/checkout-completed.ts',
    'src/modules/payments/plan-activation.ts',
    'src/modules/payments/subscription-convergence.ts',
    'src/modules/payments/fulfilment-after-commit.ts',
    'src/modules/payments/fulfilment-terms.ts',
    'src/modules/payments/pass-change.ts',
    'src/modules/payments/coupons.service.ts',
    'src/modules/payments/coupons.repository.ts',
  ],
  ignorePatterns: ['dist', 'bench', '.stryker-tmp', 'reports'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  concurrency: 2,
  timeoutMS: 30_000,
  // The initial run of every money and minutes test takes minutes on a loaded 2-vCPU machine.
  dryRunTimeoutMinutes: 30,
  tempDirName: '.stryker-tmp',
};
