import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { agreeToPrivacyNotice, signUpViaUi, uniquePhone, verifyPhoneViaUi } from './helpers';

const SHOTS = 'e2e/screenshots';

/** Full-page captures at phone (390) and desktop (1280) width, under e2e/screenshots/. */
async function screenshots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** A family on a pass (recordings included) whose child has called Santa and said a wish. */
async function familyAfterACall(page: Page) {
  const phone = uniquePhone();
  await signUpViaUi(page, { name: 'Holly Parent' });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Get 3-Month Pass' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/setup-profile');
  await page.getByLabel('Parent phone').fill(phone.typed);
  await page.getByLabel('Kid name').fill('Noel');
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await verifyPhoneViaUi(page, phone.e164);
  const tel = await page
    .getByRole('region', { name: "Santa's Phone Number" })
    .getByRole('link', { name: /^\+1 / })
    .getAttribute('href');

  await page.goto('/sandbox/phone');
  await page.getByLabel('Santa number to dial').selectOption(tel!.replace(/^tel:/, ''));
  await page.getByLabel('Calling from').fill(phone.typed);
  await page.getByRole('button', { name: 'Dial' }).click();
  await expect(page.getByRole('status')).toContainText('Connected to Santa');
  await page.getByLabel('Say to Santa').fill('I would love a red bike with a bell for Christmas!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log')).toContainText('a red bike');
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByRole('status')).toContainText('Call ended');
}

test('a parent shares a call by a link, a listener opens it signed out, and the parent revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await familyAfterACall(page);

  // The recap is written by a job after the call is stored.
  await page.goto('/calls');
  const call = page.locator('li').filter({ hasText: 'Completed' });
  await expect(async () => {
    await page.reload();
    await expect(call.getByRole('region', { name: 'What Noel told Santa' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(call.getByRole('link', { name: 'Nice List certificate' })).toBeVisible();

  await call.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this call' });
  await expect(dialog).toContainText('and hear the recording');
  await dialog.getByText('7 days').click();
  await screenshots(page, 'keepsake-share-dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const address = dialog.getByRole('textbox', { name: /Your link, working until/ });
  await expect(address).toHaveValue(/\/keepsake\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();
  await expect(dialog.getByRole('button', { name: /^Revoke/ })).toHaveCount(1);
  await screenshots(page, 'keepsake-link-created');

  // Someone the family sent it to: another browser, no account.
  const listenerContext = await browser.newContext();
  const listener = await listenerContext.newPage();
  const opened = await listener.goto(url);
  // The address is the family's secret: no cache keeps the page, no search engine lists it.
  expect(opened!.headers()['cache-control']).toBe('no-store');
  expect(opened!.headers()['x-robots-tag']).toContain('noindex');
  await expect(listener.getByRole('heading', { level: 1, name: 'Noel’s call with Santa' })).toBeVisible();
  await expect(listener.getByRole('region', { name: 'What Noel told Santa' })).toContainText('a red bike');
  await expect(listener.locator('audio')).toHaveCount(1);
  await expect(listener.getByText('Holly Parent')).toHaveCount(0);
  await expect(listener.getByText(/\+1 415/)).toHaveCount(0);
  const download = listener.waitForEvent('download');
  await listener.getByRole('link', { name: 'Download the Nice List certificate' }).click();
  expect((await download).suggestedFilename()).toBe('nice-list-certificate-noel.pdf');
  await screenshots(listener, 'keepsake-page');

  await dialog.getByRole('button', { name: /^Revoke/ }).click();
  await expect(dialog.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await expect(page.getByText('The link is turned off.')).toBeVisible();

  await listener.reload();
  await expect(listener.getByRole('heading', { level: 1, name: 'This keepsake has ended' })).toBeVisible();
  await expect(listener.getByText('expired or was turned off')).toBeVisible();
  await screenshots(listener, 'keepsake-ended');
  await listenerContext.close();
});
