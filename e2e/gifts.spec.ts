import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openEmail, TEST_PASSWORD, uniqueEmail } from './helpers';

const SHOTS = 'e2e/screenshots';

/** Full-page captures at phone (390) and desktop (1280) width, under e2e/screenshots/. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  // From the top, so the sticky header is drawn where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The redeem link of the newest gift email to `address`, read in the sandbox mailbox. */
async function redeemLinkFor(page: Page, address: string): Promise<string> {
  // The email job sends it a moment after Stripe's event is recorded.
  await openEmail(page, address, 'sent you a gift');
  const href = await page.getByRole('link', { name: 'Redeem your gift' }).getAttribute('href');
  expect(href).toMatch(/\/gift\/[A-Za-z0-9_-]{43}$/);
  return href!;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`a visitor gives a pass by email, the recipient signs up and redeems it once (${viewport.width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const recipientEmail = uniqueEmail('recipient');
    const buyerEmail = uniqueEmail('grandma');

    // The giver, signed out, finds the gift page from the landing page.
    await page.goto('/');
    await page.getByRole('link', { name: 'give Santa as a gift' }).click();
    await expect(page).toHaveURL(/\/gift$/);
    await expect(page.getByRole('heading', { name: 'Give Santa as a gift', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: /3-Month Pass/ }).check();
    await page.getByLabel('Their name').fill('Robin');
    await page.getByLabel('Their email').fill(recipientEmail);
    await page.getByLabel('Your message').fill('Merry Christmas, Robin! Love, Grandma Jo');
    await page.getByLabel('Your name').fill('Grandma Jo');
    await page.getByLabel('Your email').fill(buyerEmail);
    if (viewport.width === 1280) await screenshots(page, 'gift-form');
    await page.getByRole('button', { name: /^Pay \$89 and send on/ }).click();

    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Gift: 3-Month Pass' })).toBeVisible();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/gift\?sent=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('heading', { name: /Your gift is on its way on/ })).toBeVisible();
    if (viewport.width === 1280) await screenshots(page, 'gift-sent');

    // The recipient opens the emailed link in their own browser, with no account yet.
    const link = await redeemLinkFor(page, recipientEmail);
    const context = await browser.newContext({ viewport });
    const recipient = await context.newPage();
    await recipient.goto(link);
    await expect(
      recipient.getByRole('heading', { name: 'Grandma Jo gave you the 3-Month Pass' }),
    ).toBeVisible();
    await expect(recipient.getByText('Merry Christmas, Robin! Love, Grandma Jo')).toBeVisible();
    if (viewport.width === 1280) await screenshots(recipient, 'gift-redeem-signed-out');

    await recipient.getByRole('link', { name: 'Create an account' }).click();
    await recipient.getByLabel('Name').fill('Robin Recipient');
    await recipient.getByLabel('Email').fill(recipientEmail);
    await recipient.getByLabel('Password').fill(TEST_PASSWORD);
    await recipient.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(recipient).toHaveURL(/\/gift\/[A-Za-z0-9_-]{43}$/);
    const redeem = recipient.getByRole('button', { name: 'Redeem', exact: true });
    await expect(redeem).toBeVisible();
    if (viewport.width === 1280) await screenshots(recipient, 'gift-redeem-signed-in');
    await redeem.click();

    await expect(recipient).toHaveURL(/\/dashboard$/);
    await expect(recipient.locator('[data-sonner-toast]').filter({ hasText: 'has started' })).toBeVisible();
    await expect(recipient.getByText('3-Month Pass').first()).toBeVisible();
    if (viewport.width === 1280) await screenshots(recipient, 'gift-redeemed-dashboard');

    // The link works once: opened again, it says so, and redeeming again is refused.
    await recipient.goto(link);
    await expect(recipient.getByRole('status')).toContainText('This gift has already been redeemed.');
    const again = await recipient.request.post('/api/gifts/redeem', {
      data: { code: link.split('/').pop() },
      headers: { Origin: new URL(link).origin },
    });
    expect(again.status()).toBe(409);
    await context.close();
  });
}
