import { expect, test, type Page } from '@playwright/test';
import {
  AFTER_RELOAD,
  agreeToPrivacyNotice,
  reloadUntil,
  signUpViaUi,
  uniquePhone,
  verifyPhoneViaUi,
} from './helpers';

const HOTLINE = '+15550100';

/** The banner alone, at a phone's width and a desktop's, for the review. */
async function bannerScreenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    const item = page.locator('li').filter({ hasText: 'Completed' });
    await item.scrollIntoViewIfNeeded();
    await item.screenshot({ path: `e2e/screenshots/${name}-${width}.png` });
  }
}

test('a child shares an address on a call: the dashboard shows a calm note quoting that line', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  await signUpViaUi(page);

  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Try Free Sample' }).click();
  await expect(page).toHaveURL(/\/setup-profile$/);
  await page.getByLabel('Parent phone').fill(phone.typed);
  await page.getByLabel('Kid name').fill('Mia');
  await page.getByLabel('Gifts you are giving').fill('a red bike');
  await page.getByLabel('Things Santa should not mention').fill('the dog\nElf on the Shelf');
  await expect(page.getByRole('link', { name: 'What Santa will and won’t talk about' })).toBeVisible();
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await verifyPhoneViaUi(page, phone.e164);

  await page.goto('/sandbox/phone');
  await page.getByLabel('Santa number to dial').selectOption(HOTLINE);
  await page.getByLabel('Calling from').fill(phone.typed);
  await page.getByRole('button', { name: 'Dial' }).click();
  await expect(page.getByRole('status')).toContainText('Connected to Santa');
  const log = page.getByRole('log');
  const message = page.getByLabel('Say to Santa');
  await message.fill('I live at 42 Maple Street. Do you know our dog?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText('Santa does not need to know that');
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByRole('status')).toContainText('Call ended');

  // The safety read runs on the queue after the call is stored.
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Santa noticed something you may want to know about' });
  await reloadUntil(page, () => expect(banner).toBeVisible(AFTER_RELOAD));
  await expect(banner).toContainText('Your child shared a personal detail');
  await expect(banner.getByRole('blockquote')).toContainText('I live at 42 Maple Street');
  await bannerScreenshots(page, 'call-safety-banner');
});

test('the page on what Santa will and won’t talk about is linked from the footer', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'What Santa will and won’t talk about' })
    .click();
  await expect(page).toHaveURL(/\/santa-safety$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What Santa will and won’t talk about');
  await expect(page.getByRole('heading', { name: '“Are you real?”' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `e2e/screenshots/santa-safety-page-${width}.png`, fullPage: true });
  }
});
