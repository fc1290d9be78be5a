import { expect, test, type Page } from '@playwright/test';
import { agreeToPrivacyNotice, TEST_PASSWORD, uniqueEmail } from './helpers';

/**
 * A family with no phone to give (abroad, or none to prove) goes from the landing page to Santa's
 * first words in the browser (decision 0040): no phone field filled, no code texted.
 */
async function fromLandingToSantaWithoutAPhone(page: Page, width: number) {
  test.setTimeout(180_000);
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  const texts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/santa/phones/')) texts.push(request.url());
  });

  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Sample Call', exact: true }).click();
  await page.getByLabel('Name').fill('Amélie Parent');
  await page.getByLabel('Email').fill(uniqueEmail('abroad'));
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/welcome\?intent=sample$/);

  await page.getByLabel('Kid name').fill('Louis');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip this step' }).click();

  // Step 4 offers the browser first; the phone is the alternative.
  await expect(page.getByRole('heading', { name: 'How will Louis talk to Santa?' })).toBeVisible();
  await agreeToPrivacyNotice(page);
  await page.screenshot({ path: `e2e/screenshots/first-run-here-or-phone-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Talk to Santa here' }).click();

  // Step 5: the sample is claimed; no phone is named, talking here comes first.
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await expect(page.getByText('To call by phone, first add your phone under Family')).toBeVisible();
  await page.screenshot({ path: `e2e/screenshots/first-run-no-phone-call-${width}.png`, fullPage: true });
  await page.getByRole('link', { name: 'Talk to Santa here' }).click();
  await expect(page).toHaveURL(/\/talk$/);
  await page.getByRole('button', { name: 'Talk to Santa now' }).click();
  await expect(page.getByTestId('santa-caption')).toContainText('Louis', { timeout: 20_000 });
  await page.screenshot({ path: `e2e/screenshots/talk-no-phone-live-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Hang up' }).click();
  await page.getByRole('link', { name: 'See the call' }).click({ timeout: 20_000 });
  await expect(page.getByText('In the browser')).toBeVisible({ timeout: 20_000 });

  // Nothing asks this family to prove a phone.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Verify your phone' })).toHaveCount(0);
  expect(texts).toEqual([]);
}

test('a family without a phone talks to Santa in the browser from the landing page, on a phone', async ({
  page,
}) => {
  await fromLandingToSantaWithoutAPhone(page, 390);
});

test('a family without a phone talks to Santa in the browser from the landing page, on a computer', async ({
  page,
}) => {
  await fromLandingToSantaWithoutAPhone(page, 1280);
});
