import { expect, test, type Page } from '@playwright/test';
import { sampleFamilyViaUi } from './sample-family';

/**
 * Santa in the browser (decision 0035): the parent taps "Talk to Santa here", the child hears
 * Santa greet them by name with captions, talks on Chromium's fake microphone, hangs up, and the
 * call is in the history as made in the browser.
 */
async function talkToSantaInTheBrowser(page: Page, width: number) {
  test.setTimeout(120_000);
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  await sampleFamilyViaUi(page, { kidName: 'Mia', fields: { 'Wish list': 'a telescope' } });
  await page.getByRole('link', { name: 'Talk to Santa here' }).click();
  await expect(page).toHaveURL(/\/talk$/);
  await expect(page).toHaveTitle(/Talk to Santa/);
  await page.screenshot({ path: `e2e/screenshots/talk-ready-${width}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Talk to Santa now' }).click();
  await expect(page.getByTestId('santa-caption')).toContainText('Mia', { timeout: 20_000 });
  await expect(page.getByText(/Time left: /)).toBeVisible();
  // The fake microphone's beep is the child talking: Santa hears the wish and answers it.
  await expect(page.getByText(/You said: “I would love a telescope/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('santa-caption')).toContainText('wish', { timeout: 10_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `e2e/screenshots/talk-live-${width}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByText('Santa has gone back to the workshop')).toBeVisible();
  await page.getByRole('link', { name: 'See the call' }).click({ timeout: 20_000 });
  await expect(page.getByText('In the browser')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `e2e/screenshots/talk-history-${width}.png`, fullPage: true });
}

test('a parent lets the child talk to Santa in the browser on a phone', async ({ page }) => {
  await talkToSantaInTheBrowser(page, 390);
});

test('a parent lets the child talk to Santa in the browser on a computer', async ({ page }) => {
  await talkToSantaInTheBrowser(page, 1280);
});
