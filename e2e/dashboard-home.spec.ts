import { expect, test } from '@playwright/test';
import { AFTER_RELOAD, reloadUntil } from './helpers';
import { passFamilyAfterACall, screenshotsAt390And1280 } from './pass-family';

const PHONE = { width: 390, height: 844 };

test('a family with calls finds its whole home within two phone screens', async ({ page }) => {
  // It waits out the call's free first 20 seconds, so it needs more than the default minute.
  test.setTimeout(120_000);
  await passFamilyAfterACall(page, {
    parentName: 'Nora Parent',
    kidName: 'Olivia',
    lines: ['I want a kitten with white paws', 'My tooth fell out today'],
    pastFreeStart: true,
  });
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olivia just talked to Santa!' })).toBeVisible();
  // Everything the home will show is there before it is measured: the recap and the memories.
  const memory = page.getByRole('region', { name: 'What Santa remembers' });
  await reloadUntil(page, () => expect(memory).toContainText('My tooth fell out today', AFTER_RELOAD));
  await expect(page.getByRole('blockquote').first()).toContainText('kitten with white paws');
  // Measured as loaded on the phone: after a desktop-width screenshot the QR code stays drawn
  // until the resize is noticed, and would be counted.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`dashboard height at 390: ${height}px`);
  expect(height).toBeLessThanOrEqual(PHONE.height * 2);
  await screenshotsAt390And1280(page, 'dashboard-home');
});
