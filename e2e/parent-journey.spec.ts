import { expect, test, type Page } from '@playwright/test';
import { signUpViaUi, VIEWPORTS, agreeToPrivacyNotice } from './helpers';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Full-page screenshots at desktop and phone widths, taken from the top of the page once toasts
 * have gone, so a sticky header or a toast never covers the content.
 */
async function screenshot(page: Page, name: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

const planCard = (page: Page, name: string) => page.getByRole('article', { name });

test.describe('Pricing for a visitor', () => {
  test('shows the five plans with their prices and badges, the FAQ and the footer', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);
    await expect(planCard(page, 'Free Sample')).toContainText('$0');
    await expect(planCard(page, 'Pay Per Call')).toContainText('$2.99');
    await expect(planCard(page, '3-Month Pass')).toContainText('$89');
    await expect(planCard(page, '3-Month Pass')).toContainText('POPULAR');
    await expect(planCard(page, '6-Month Pass')).toContainText('$159');
    await expect(planCard(page, '6-Month Pass')).toContainText('BEST VALUE');
    await expect(planCard(page, 'Year-Round Magic')).toContainText('$269');
    await expect(planCard(page, 'Year-Round Magic')).toContainText('ULTIMATE');
    await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    // The spec's four questions, what happens when a call drops, what Santa remembers, gifts (issue
    // 20) and how a pass is cancelled.
    await expect(page.locator('dt')).toHaveCount(11);
    await expect(page.getByText('Can I cancel a pass?')).toBeVisible();
    await expect(page.getByText('What if the call drops?')).toBeVisible();
    await expect(page.getByText('$0.99')).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  });

  test('the coupon input is forced to uppercase and trimmed, and Clear empties it', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Have a coupon code?' }).click();
    const coupon = page.getByLabel('Coupon code');
    await coupon.fill('  santa25 ');
    await expect(coupon).toHaveValue('SANTA25');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(coupon).toHaveValue('');
  });

  test('the free sample requires sign-in', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Try Free Sample' }).click();
    await expect(toast(page, 'Please sign in first to try the free sample')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=signup&intent=sample$/);
  });

  test('a paid plan requires sign-in', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Get 3-Month Pass' }).click();
    await expect(toast(page, 'Please sign in first')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('a parent signs up, takes the free sample, sets up and edits the profile', async ({ page }) => {
  test.setTimeout(120_000);
  // Visitor: the sample asks for sign-in first.
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Try Free Sample' }).click();
  await expect(toast(page, 'Please sign in first to try the free sample')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=signup&intent=sample$/);

  await signUpViaUi(page, { name: 'Holly Parent' });
  await expect(page.getByRole('heading', { name: 'Welcome, Holly Parent!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setup Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose a Plan' })).toBeVisible();
  // No plan yet: no red "0 of 0", and one way to set up, the guided first run.
  await expect(page.getByText('No minutes yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set Up Kid Profile' })).toHaveAttribute('href', '/welcome');
  await expect(page.getByRole('link', { name: 'Create Profile' })).toHaveCount(0);
  await expect(page.getByText('No calls yet: the recap of each call appears here.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // Pricing, signed in: the header offers the dashboard; the sample activates.
  await page.getByRole('link', { name: 'Choose a Plan' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await screenshot(page, 'pricing');
  await page.getByRole('button', { name: 'Try Free Sample' }).click();
  await expect(toast(page, 'Free sample activated! Set up your kid profile now.')).toBeVisible();
  await expect(page).toHaveURL(/\/setup-profile$/);

  // Setup profile: required fields are checked before any request is sent.
  let profilePosts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/santa/kid-profile')) profilePosts += 1;
  });
  const create = page.getByRole('button', { name: 'Create Profile & Get Phone Number' });
  await expect(create).toBeVisible();
  await expect(page.getByLabel('Parent phone')).toHaveAttribute('type', 'tel');
  await expect(page.getByLabel('Parent phone')).toHaveAttribute('placeholder', '+1 555 123 4567');
  await create.click();
  await expect(toast(page, 'Please fill in kid name')).toBeVisible();
  expect(profilePosts).toBe(0);

  await page.getByLabel('Parent phone').fill('+1 415 555 2671');
  await page.getByLabel('Kid name').fill('Emma');
  await page.getByLabel('Age').fill('7');
  await page.getByRole('radio', { name: /Modern/ }).check();
  await page.getByLabel('Wish list').fill('A telescope and a puppy');
  await agreeToPrivacyNotice(page);
  await screenshot(page, 'setup-profile');
  await create.click();
  await expect(toast(page, 'Profile created! Your child can now call Santa!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(profilePosts).toBe(1);

  // Dashboard: plan, minutes, the hotline and the profile.
  await expect(page.getByRole('heading', { name: 'Setup Required' })).toHaveCount(0);
  await expect(page.getByText('Free Sample', { exact: true })).toBeVisible();
  await expect(page.getByText('1 of 1 minute remaining')).toBeVisible();
  // Nothing used yet: the bar is green and no one is asked to buy more.
  await expect(page.getByTestId('usage-bar')).toHaveClass(/bg-green-600/);
  await expect(page.getByRole('link', { name: 'Add More Minutes' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();
  const santaNumber = page.getByRole('link', { name: '+1 555 0100' });
  await expect(santaNumber).toBeVisible();
  await expect(santaNumber).toHaveAttribute('href', 'tel:+15550100');
  await expect(page.getByText('The Santa hotline, shared by families.')).toBeVisible();
  await expect(page.getByText('Call it from +1 (415) 555-2671 so Santa recognises you.')).toBeVisible();
  await screenshot(page, 'dashboard');

  // Edit, from the navigation's Children: the form is prefilled and updates.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Children' }).click();
  await expect(page.getByText('7 years old · Modern Santa')).toBeVisible();
  await page.getByRole('link', { name: 'Edit Emma' }).click();
  await expect(page.getByLabel('Kid name')).toHaveValue('Emma');
  await expect(page.getByLabel('Age')).toHaveValue('7');
  await expect(page.getByLabel('Wish list')).toHaveValue('A telescope and a puppy');
  await expect(page.getByRole('radio', { name: /Modern/ })).toBeChecked();
  await page.getByLabel('Kid name').fill('Emma Rose');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toast(page, 'Profile updated!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/children');
  await expect(page.getByRole('heading', { name: 'Emma Rose' })).toBeVisible();

  // Pricing now marks the sample as used.
  await page.goto('/pricing');
  await expect(planCard(page, 'Free Sample')).toContainText('USED');
  await expect(planCard(page, 'Free Sample').getByRole('button')).toBeDisabled();

  // Calls page: empty, with a way back.
  await page.goto('/calls');
  await expect(page.getByText('No calls yet', { exact: true })).toBeVisible();
  // Calls arrive by themselves: there is nothing for a parent to sync.
  await expect(page.getByRole('button', { name: 'Sync Calls' })).toHaveCount(0);
  await screenshot(page, 'calls');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a parent buys a pass through checkout and gets a dedicated Santa number', async ({ page }) => {
  await signUpViaUi(page, { name: 'Nick Parent' });
  await page.goto('/pricing');

  // A coupon the server does not know: its detail is shown and the plan can be chosen again.
  await page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await page.getByLabel('Coupon code').fill('nope123');
  const buyPass = page.getByRole('button', { name: 'Get 3-Month Pass' });
  await buyPass.click();
  await expect(toast(page, 'Invalid coupon code')).toBeVisible();
  await expect(buyPass).toBeEnabled();

  await page.getByRole('button', { name: 'Clear' }).click();
  await buyPass.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('3-Month Pass', { exact: true })).toBeVisible();
  await expect(page.getByText('180 of 180 minutes remaining')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();

  await page.goto('/setup-profile');
  await page.getByLabel('Parent phone').fill('+1 415 555 2672');
  await page.getByLabel('Kid name').fill('Leo');
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const santaNumber = page.getByRole('region', { name: "Santa's Phone Number" });
  await expect(santaNumber).toContainText('dedicated');
  await expect(santaNumber.getByRole('link', { name: /^\+1 / })).toHaveAttribute('href', /^tel:\+1\d+$/);

  // Who may call the family's own line, under Account: the parent lets grandparents in with the
  // family code.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  const line = page.getByRole('region', { name: 'Who may call Santa' });
  await expect(line.getByRole('radio', { name: /Only our family phones/ })).toBeChecked();
  await line.getByRole('radio', { name: /family code/ }).check();
  await line.getByRole('textbox', { name: 'Family code' }).fill('2512');
  await line.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved.')).toBeVisible();
  await expect(line.getByText('2512', { exact: true })).toBeVisible();
  await screenshot(page, 'account-line-access');
});

test('the signed-in screens send a visitor to sign in', async ({ page }) => {
  for (const path of ['/dashboard', '/setup-profile', '/calls']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
});
