import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  AFTER_RELOAD,
  agreeToPrivacyNotice,
  baseUrl,
  openEmail,
  reloadUntil,
  signUpViaUi,
  uniquePhone,
} from './helpers';
import { dialSanta, hangUp, sampleFamilyViaUi } from './sample-family';
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A phone's width and a desktop's, for the review. */
async function shoot(page: Page, name: string, target?: Locator) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    if (target) {
      await target.scrollIntoViewIfNeeded();
      await target.screenshot({ path: `e2e/screenshots/${name}-${width}.png` });
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A parent with a profile (agreed on the form) and one finished call on the sandbox phone. */
async function familyWithACall(page: Page) {
  const { account, phone } = await sampleFamilyViaUi(page);
  await dialSanta(page, phone.typed);
  await page.getByLabel('Say to Santa').fill('I would love a sledge');
  await page.getByRole('button', { name: 'Send' }).click();
  await hangUp(page);
  return account;
}

async function openPrivacyControls(page: Page) {
  await page.goto('/account');
  await page.getByRole('link', { name: 'Account → Privacy' }).click();
  await expect(page).toHaveURL(/\/account\/privacy$/);
}

test('the privacy notice is linked from the footer and lists who receives what and for how long', async ({
  page,
}) => {
  await page.goto('/santa-safety');
  await page.getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
  for (const service of [
    'Twilio',
    'ElevenLabs',
    'OpenAI',
    'Stripe',
    'Our email provider',
    'Our storage provider',
  ])
    await expect(page.getByRole('listitem').filter({ hasText: service })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table).toContainText('Recordings of calls you have not bought');
  await expect(table).toContainText('30 days after the call');
  await expect(table).toContainText('24 months without a sign-in, after a warning email');
  await shoot(page, 'privacy-notice');
  await page.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of use', level: 1 })).toBeVisible();
});

test('the profile form asks for consent before it saves, and links the notice', async ({ page }) => {
  await signUpViaUi(page);
  await page.goto('/setup-profile');
  await page.getByLabel('Parent phone').fill(uniquePhone().typed);
  await page.getByLabel('Kid name').fill('Leo');
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(toast(page, 'Please read the privacy notice and tick the box')).toBeVisible();
  await expect(page).toHaveURL(/\/setup-profile$/);
  const step = page
    .getByRole('checkbox', { name: /I have read the privacy notice/ })
    .locator('xpath=ancestor::div[1]');
  await expect(step.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
  await shoot(page, 'consent-step', step);
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a parent deletes a call with their password', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await familyWithACall(page);
  await openPrivacyControls(page);
  const calls = page.getByRole('region', { name: 'Delete a call' });
  // The call is stored by a background job.
  await reloadUntil(page, () =>
    expect(calls.getByRole('button', { name: /^Delete Call of / })).toBeVisible(AFTER_RELOAD),
  );
  await calls.getByRole('button', { name: /^Delete Call of / }).click();
  await calls.getByLabel('Your password').fill('not-my-password');
  await calls.getByRole('button', { name: 'Delete this call' }).click();
  await expect(toast(page, 'Your current password is not right.')).toBeVisible();
  await calls.getByLabel('Your password').fill(account.password);
  await calls.getByRole('button', { name: 'Delete this call' }).click();
  await expect(toast(page, 'The call is deleted')).toBeVisible();
  await expect(calls.getByText('No calls yet.')).toBeVisible();
  await page.goto('/calls');
  await expect(page.getByText('I would love a sledge')).toHaveCount(0);
});

test('a parent requests an export and downloads it from the emailed link', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await familyWithACall(page);
  await openPrivacyControls(page);
  const card = page.getByRole('region', { name: 'Download your data' });
  await card.getByRole('button', { name: 'Request a download' }).click();
  await expect(toast(page, 'We are preparing your download')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Download zip' })).toBeVisible({ timeout: 20_000 });

  await openEmail(page, account.email, "Your family's Santa Calls download is ready");
  const href = await page.getByRole('link', { name: "Download my family's data" }).getAttribute('href');
  expect(href).toMatch(new RegExp(`^${baseUrl()}/api/privacy/exports/download/`));

  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/zip');
  const zip = await res.body();
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  // A zip names its files in plain text in its directory.
  expect(zip.includes(Buffer.from('family.json'))).toBe(true);
  expect(zip.includes(Buffer.from('recordings/'))).toBe(true);
});
