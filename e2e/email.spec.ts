import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, openEmail, signInViaUi, signOutViaApi, signUpViaUi, TEST_PASSWORD } from './helpers';

const SHOTS = 'e2e/screenshots';
const WIDTHS = [390, 1280] as const;

/** Full-page screenshots at phone (390 px) and desktop (1280 px) width, in e2e/screenshots/. */
async function shoot(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(100);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Follows a link of the open email in this tab (an email's buttons open a new window, as mail
 * clients do).
 */
async function followLink(page: Page, name: string) {
  const href = await page.getByRole('link', { name }).getAttribute('href');
  expect(href).toMatch(new RegExp(`^${baseUrl()}/`));
  await page.goto(href!);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a parent who forgot their password resets it through the emailed link and signs in with the new one', async ({
  page,
}) => {
  const account = await signUpViaUi(page, { name: 'Robin Reset' });
  await signOutViaApi(page);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await shoot(page, 'forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your inbox');
  await shoot(page, 'forgot-password-sent');

  await openEmail(page, account.email, 'Reset your Santa Calls password');
  await shoot(page, 'email-password-reset');
  await followLink(page, 'Choose a new password');
  await expect(page).toHaveURL(/\/reset-password$/); // the token left the address bar
  const resetUrl = page.url();
  await page.getByLabel('New password').fill('a-fresh-new-password');
  await page.getByLabel('Type it again').fill('a-fresh-new-password');
  await shoot(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toast(page, 'Password changed. Sign in with your new password.')).toBeVisible();

  await signInViaUi(page, { email: account.email, password: 'a-fresh-new-password' });
  expect(resetUrl).not.toContain('token');

  // The same link a second time: refused, with the way to a new one.
  await signOutViaApi(page);
  await openEmail(page, account.email, 'Reset your Santa Calls password');
  await followLink(page, 'Choose a new password');
  await page.getByLabel('New password').fill('yet-another-password');
  await page.getByLabel('Type it again').fill('yet-another-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('already been used');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('the welcome email confirms the address, and the account page shows it', async ({ page }) => {
  const account = await signUpViaUi(page, { name: 'Wendy Welcome' });
  await page.goto('/account');
  await expect(page.getByText('Not confirmed yet')).toBeVisible();

  await openEmail(page, account.email, 'Welcome to Santa Calls!');
  await shoot(page, 'email-welcome');
  await followLink(page, 'Confirm my email');
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('status')).toContainText(`${account.email} is confirmed`);

  await page.goto('/account');
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Call recaps/ })).toBeChecked();
  await shoot(page, 'account');
});

test('a changed address: the link goes to the new address and the old stays until it is opened', async ({
  page,
}) => {
  const account = await signUpViaUi(page);
  const newAddress = `moved-${Date.now().toString(36)}@example.com`;
  await page.goto('/account');
  await page.getByLabel('New email address').fill(newAddress);
  await page.getByLabel('Current password').first().fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Change email address' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to ${newAddress}` })).toBeVisible();
  await expect(page.getByText(account.email).first()).toBeVisible();

  await openEmail(page, newAddress, 'Confirm your new email address');
  await shoot(page, 'email-verify-new-address');
  await followLink(page, `Confirm ${newAddress}`);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('status')).toContainText(`${newAddress} is confirmed`);
  await page.goto('/account');
  await expect(page.getByText(newAddress).first()).toBeVisible();
});

test('a sign-in the network cannot deliver says so, rather than a vague failure', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
  await page.goto('/auth');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'We couldn’t reach Santa Calls — check your connection')).toBeVisible();
});

test('the call recap and payment-failed emails as a mail client shows them', async ({ page }) => {
  // No journey here ends a call or fails a Stripe renewal, so these two are rendered from samples.
  const dir = path.resolve('test-results/email-previews');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'test/email-previews.ts', dir, 'http://localhost:3100'],
    {
      cwd: path.resolve('server'),
    },
  );
  for (const kind of ['call_recap', 'payment_failed'] as const) {
    await page.goto(pathToFileURL(path.join(dir, `${kind}.html`)).href);
    await expect(page.getByRole('link').first()).toBeVisible();
    await shoot(page, `email-${kind.replace('_', '-')}`);
  }
  await page.goto(pathToFileURL(path.join(dir, 'call_recap.html')).href);
  await expect(page.getByText('Olivia just talked to Santa!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the call' })).toHaveAttribute(
    'href',
    'http://localhost:3100/calls',
  );
});
