import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // A US parent's browser: 12-hour times, US dates.
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
        // Browser calls: a fake microphone (a beep) that needs no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node server/dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Migrating a fresh in-memory database takes well over a minute on a busy machine.
    timeout: 180_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'memory://',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'santa-e2e-')),
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every journey signs in, and proves its phone, from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      PHONE_CODES_PER_CLIENT_PER_HOUR: '10000',
    },
  },
});
