import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { signUpViaUi } from './helpers';

/** Honest terms and billing self-service: what the parent sees where they pay and where they manage it. */

const origin = () => `http://localhost:${process.env.E2E_PORT ?? 3100}`;
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Full-page captures at phone (390) and desktop (1280) width, under e2e/screenshots/. */
async function capture(page: Page, name: string) {
  mkdirSync('e2e/screenshots', { recursive: true });
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(150);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

async function generateCoupon(request: APIRequestContext, percent: number, type: string): Promise<string> {
  const headers = { Origin: origin() };
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: 'admin@santacalls.local', password: E2E_ADMIN_PASSWORD },
  });
  const { session_token: token } = (await login.json()) as { session_token: string };
  const res = await request.post(
    `/api/admin/coupons/generate?discount_percent=${percent}&discount_type=${type}`,
    { headers: { ...headers, Cookie: `session_token=${token}` } },
  );
  expect(res.status()).toBe(201);
  return ((await res.json()) as { coupon: { code: string } }).coupon.code;
}

async function buyThreeMonthPass(page: Page) {
  await page.goto('/pricing');
  const card = page.getByRole('article', { name: '3-Month Pass' });
  await expect(card.getByText('$89 every 3 months · renews automatically · cancel anytime')).toBeVisible();
  await card.getByRole('button', { name: 'Get 3-Month Pass' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  await expect(page.getByText('$89 every 3 months · renews automatically · cancel anytime')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $89' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, /^Your 3-Month Pass is active — renews on \w+ \d{1,2}, \d{4}$/)).toBeVisible();
}

test('cancelling in the billing portal keeps the pass and the dashboard says the day it ends', async ({
  page,
}) => {
  await signUpViaUi(page);
  await buyThreeMonthPass(page);
  const planCard = page.getByRole('region', { name: 'Current Plan' });
  await expect(planCard.getByText(/^Renews on/)).toContainText('for $89');

  await planCard.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/bps_/);
  await expect(page.getByText('SANDBOX — this is not Stripe.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'First payment' })).toBeVisible();
  await capture(page, 'billing-portal');
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/^Cancelled: ends on/)).toBeVisible();
  const endsOn = /ends on (\w+ \d{1,2}, \d{4})/.exec(
    (await page.getByText(/^Cancelled: ends on/).textContent())!,
  )![1]!;

  await page.getByRole('link', { name: '← Return to Santa Calls' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(planCard.getByRole('status')).toContainText(`Ends on ${endsOn}.`);
  await expect(planCard.getByText(/^Renews on/)).toHaveCount(0);
  await capture(page, 'billing-portal-return');

  // Taking the cancellation back renews again.
  await planCard.getByRole('button', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: "Don't cancel" }).click();
  await page.getByRole('link', { name: '← Return to Santa Calls' }).click();
  await expect(planCard.getByText(/^Renews on/)).toContainText(endsOn);
});

test('a checked coupon strikes the prices through; an unknown one is refused in red', async ({
  page,
  request,
}) => {
  const code = await generateCoupon(request, 50, 'first_month');
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await expect(page.getByText('50% off the first payment. The prices below include it.')).toBeVisible();
  const pass = page.getByRole('article', { name: '3-Month Pass' });
  await expect(pass.locator('s')).toHaveText('$89');
  await expect(pass.getByText('$44.50', { exact: true })).toBeVisible();
  await expect(
    pass.getByText('$44.50 today, then $89 every 3 months · renews automatically · cancel anytime'),
  ).toBeVisible();
  // The free sample is never discounted.
  await expect(page.getByRole('article', { name: 'Free Sample' }).locator('s')).toHaveCount(0);
  await capture(page, 'pricing-coupon');

  await page.getByLabel('Coupon code').fill('NOSUCHCODE');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid coupon code' })).toBeVisible();
  await expect(pass.locator('s')).toHaveCount(0);
  await expect(page.getByText(/will be applied/)).toHaveCount(0);
});

test('a pass holder upgrades on their own subscription and sees the plan they hold as the current one', async ({
  page,
}) => {
  await signUpViaUi(page);
  await buyThreeMonthPass(page);
  await page.goto('/pricing');
  await expect(page.getByRole('article', { name: '3-Month Pass' }).getByText('Current plan')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Free Sample' }).getByRole('button')).toBeDisabled();
  await capture(page, 'pricing-pass-holder');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Upgrade to Year-Round Magic' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, /^Your Year-Round Magic is active — renews on/)).toBeVisible();
  await expect(page.getByText('Year-Round Magic', { exact: true })).toBeVisible();
  // Nothing above the top pass.
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(0);
});
