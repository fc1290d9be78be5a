import { expect, test } from '@playwright/test';
import { passFamilyAfterACall, screenshotsAt390And1280 } from './pass-family';

const PHONE = { width: 390, height: 844 };

test('a family with calls finds its whole home within two phone screens', async ({ page }) => {
  await passFamilyAfterACall(page, {
    parentName: 'Nora Parent',
    kidName: 'Olivia',
    lines: ['I want a kitten with white paws', 'My tooth fell out today'],
    pastFreeStart: true,
  });
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olivia just talked to Santa!' })).toBeVisible();
  await expect(page.getByText('kitten with white paws').first()).toBeVisible();
  await screenshotsAt390And1280(page, 'dashboard-home');
  await page.setViewportSize(PHONE);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`dashboard height at 390: ${height}px`);
  expect(height).toBeLessThanOrEqual(PHONE.height * 2);
});
