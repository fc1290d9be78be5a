import { expect, test } from '@playwright/test';
import { sampleFamilyViaUi } from './sample-family';

/** Every page a parent uses fits a 390 px phone: nothing scrolls sideways. */
test('no page of a signed-in parent scrolls sideways on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await sampleFamilyViaUi(page);
  const wide: string[] = [];
  for (const path of [
    '/dashboard',
    '/setup-profile',
    '/calls',
    '/santa-calls',
    '/account',
    '/account/privacy',
    '/pricing',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Kept for a look at each page as a parent's phone shows it.
    await page.screenshot({
      path: `e2e/screenshots/phone${path.replace(/\//g, '-')}-390.png`,
      fullPage: true,
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) wide.push(`${path}: ${overflow} px`);
  }
  expect(wide).toEqual([]);
});
