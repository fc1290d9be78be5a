import { expect, test, type Page } from '@playwright/test';
import { AFTER_RELOAD, reloadUntil } from './helpers';
import { dialSanta, hangUp, sampleFamilyViaUi } from './sample-family';

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
  const { phone } = await sampleFamilyViaUi(page, {
    fields: {
      'Gifts you are giving': 'a red bike',
      'Things Santa should not mention': 'the dog\nElf on the Shelf',
    },
    beforeSave: () =>
      expect(page.getByRole('link', { name: 'What Santa will and won’t talk about' })).toBeVisible(),
  });

  await dialSanta(page, phone.typed);
  const log = page.getByRole('log');
  const message = page.getByLabel('Say to Santa');
  await message.fill('I live at 42 Maple Street. Do you know our dog?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText('Santa does not need to know that');
  await hangUp(page);

  // The safety read runs on the queue after the call is stored; the home points to it.
  await page.goto('/dashboard');
  const pointer = page.getByRole('link', {
    name: /Santa noticed something you may want to know about: read it/,
  });
  await reloadUntil(page, () => expect(pointer).toBeVisible(AFTER_RELOAD));
  await pointer.click();
  await expect(page).toHaveURL(/\/calls$/);
  const banner = page.getByRole('region', { name: 'Santa noticed something you may want to know about' });
  await reloadUntil(page, () => expect(banner).toBeVisible(AFTER_RELOAD));
  await expect(banner).toContainText('Your child shared a personal detail');
  await expect(banner.getByRole('blockquote')).toContainText('I live at 42 Maple Street');
  // The recap, which Santa remembers and the family may share, keeps the question and not the address.
  const recap = page.getByRole('region', { name: 'What Mia told Santa' });
  await reloadUntil(page, () => expect(recap).toBeVisible(AFTER_RELOAD));
  await expect(recap).toContainText('Do you know our dog?');
  await expect(recap).not.toContainText('Maple Street');
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
