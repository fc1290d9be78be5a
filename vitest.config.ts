import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The Postgres pass re-runs only the server's tests: the others do not touch a database.
    projects: process.env.VITEST_SERVER_ONLY
      ? ['server/vitest.config.ts']
      : ['server/vitest.config.ts', 'shared/vitest.config.ts', 'client/vitest.config.ts'],
    passWithNoTests: true,
  },
});
