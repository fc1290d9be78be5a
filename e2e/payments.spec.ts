import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { screenshot, signUpViaUi, uniquePhone, agreeToPrivacyNotice } from './helpers';

const ADMIN_EMAIL = 'admin@santacalls.local';
const origin = () => `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/** The admin's coupon generator, called the way the admin screen calls it. */
async function generateCoupon(request: APIRequestContext, percent: number, type: string): Promise<string> {
  const res = await request.post(
    `/api/admin/coupons/generate?discount_percent=${percent}&discount_type=${type}`,
    { headers: await adminHeaders(request) },
  );
  expect(res.status()).toBe(201);
  return ((await res.json()) as { coupon: { code: string } }).coupon.code;
}

/** Signs the admin in through the API, answering the headers of their later requests. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const headers = { Origin: origin() };
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email: ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { session_token: token } = (await login.json()) as { session_token: string };
  return { ...headers, Cookie: `session_token=${token}` };
}

async function createProfile(page: Page) {
  await page.goto('/setup-profile');
  await page.getByLabel('Parent phone').fill(uniquePhone().typed);
  await page.getByLabel('Kid name').fill('Mia');
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('pricing → 3-Month Pass → sandbox checkout → Pay: the dashboard shows the pass, 180 minutes and a dedicated number', async ({
  page,
}) => {
  await signUpViaUi(page);
  await createProfile(page);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Get 3-Month Pass' }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_test_/);
  await expect(page.getByText('SANDBOX — this is not Stripe.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '3-Month Pass' })).toBeVisible();
  await expect(page.getByText('$89 every 3 months', { exact: true })).toBeVisible();
  await screenshot(page, 'payments-sandbox-checkout');
  await page.getByRole('button', { name: 'Pay $89' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('3-Month Pass', { exact: true })).toBeVisible();
  await expect(page.getByText('180 of 180 minutes remaining')).toBeVisible();
  const santaNumber = page.getByRole('region', { name: "Santa's Phone Number" });
  await expect(santaNumber).toContainText('dedicated');
  await expect(santaNumber.getByRole('link', { name: /^\+1 / })).toHaveAttribute('href', /^tel:\+1555\d{4}$/);
  await screenshot(page, 'payments-dashboard-after-pass');

  // The pass already includes calls: neither Pay Per Call nor the sample is offered over it.
  await page.goto('/pricing');
  await expect(
    page.getByRole('article', { name: 'Pay Per Call' }).getByText('Your 3-Month Pass already includes calls'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Free Sample' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy One Call' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upgrade to 6-Month Pass' })).toBeEnabled();
  await screenshot(page, 'payments-pricing-with-pass');
});

test('a 100% coupon from the admin completes the checkout with nothing to pay', async ({ page, request }) => {
  const code = await generateCoupon(request, 100, 'first_month');
  await signUpViaUi(page);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Get 6-Month Pass' }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByText(`Coupon ${code} (100% off, first payment)`)).toBeVisible();
  await expect(page.getByText('−$159')).toBeVisible();
  await screenshot(page, 'payments-sandbox-checkout-coupon');
  await page.getByRole('button', { name: 'Pay $0' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('6-Month Pass', { exact: true })).toBeVisible();
  await expect(page.getByText('360 of 360 minutes remaining')).toBeVisible();

  // Single use: the same code is refused as soon as it is typed again.
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await page.getByLabel('Coupon code').fill(code);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This coupon code has already been used' }),
  ).toBeVisible();
});

test('Cancel on the sandbox checkout returns to pricing without a plan', async ({ page }) => {
  await signUpViaUi(page);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Buy One Call' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByText('$2.99 one-time')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Nothing was charged.' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Choose a Plan' })).toBeVisible();
});

test('back from checkout before the payment has landed, the dashboard shows the purchase when it does', async ({
  page,
  request,
}) => {
  await signUpViaUi(page);
  await page.goto('/dashboard?checkout=success');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No minutes yet.')).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  // What Stripe's late webhook does to the account, done here by the admin's minute gift.
  const gift = await request.post('/api/admin/gift-minutes', {
    headers: await adminHeaders(request),
    form: { user_id: me.user.id, minutes: '20' },
  });
  expect(gift.ok()).toBe(true);
  await expect(page.getByText('20 of 20 minutes remaining')).toBeVisible({ timeout: 10_000 });
});
