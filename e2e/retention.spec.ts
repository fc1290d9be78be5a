import { expect, test, type Page } from '@playwright/test';
import { signUpViaUi } from './helpers';

const SHOTS = 'e2e/screenshots';
const WIDTHS = [390, 1280] as const;

/** The retention card at phone (390 px) and desktop (1280 px) width, in e2e/screenshots/. */
async function shoot(page: Page, name: string) {
  const card = page.locator('#recording-retention');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(100);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a parent chooses how long recordings are kept on the account page, and the choice stays', async ({
  page,
}) => {
  // Two screenshots per step on a shared, busy machine.
  test.slow();
  await signUpViaUi(page, { name: 'Robin Retention' });
  await page.goto('/account');
  const card = page.locator('#recording-retention');
  await expect(card.getByRole('heading', { name: 'How long we keep recordings' })).toBeVisible();
  await expect(card.getByRole('radio', { name: /Keep until I delete them/ })).toBeChecked();
  await expect(card).toContainText('recordings you have not unlocked are deleted 30 days after the call');
  await shoot(page, 'recording-retention-keep');

  await card.getByRole('radio', { name: /Delete each recording after a number of days/ }).check();
  await card.getByLabel('Days to keep each recording').fill('3');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Choose between 7 and 365 days')).toBeVisible();

  await card.getByLabel('Days to keep each recording').fill('60');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Recordings will be deleted 60 days after each call')).toBeVisible();
  await shoot(page, 'recording-retention-days');

  await page.reload();
  await expect(
    card.getByRole('radio', { name: /Delete each recording after a number of days/ }),
  ).toBeChecked();
  await expect(card.getByLabel('Days to keep each recording')).toHaveValue('60');
});
