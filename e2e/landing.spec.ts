import { expect, test } from '@playwright/test';
import { screenshot, signUpViaUi } from './helpers';

test.describe('Landing page', () => {
  test('a visitor sees Sign In and Get Started in the header', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Santa Calls' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Started', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('Sign In goes to /auth', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test("'Start Free Sample Call' goes to sign-up, remembering the sample", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Sample Call', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup&intent=sample$/);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  for (const name of ['Get Started', 'View Pricing', 'Get Started - Try Free!']) {
    test(`'${name}' goes to /pricing`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/pricing$/);
    });
  }

  test('shows How It Works, What Makes It Special, three testimonials and a footer with the current year', async ({
    page,
  }) => {
    await page.goto('/');
    const how = page.getByRole('region', { name: 'How It Works' });
    for (const step of ['Setup Profile', 'Get Phone Number', 'Magical Call']) {
      await expect(how.getByRole('heading', { name: step })).toBeVisible();
    }
    const special = page.getByRole('region', { name: 'What Makes It Special' });
    for (const feature of ['Personalized', 'Real Calls', 'Choose Personality', 'Recordings']) {
      await expect(special.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'What Parents Say' }).locator('figure')).toHaveCount(3);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Santa Calls`);
  });

  test('a signed-in parent sees a Dashboard button that goes to /dashboard', async ({ page }) => {
    await signUpViaUi(page);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await header.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('screenshots', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await screenshot(page, 'landing');
  });
});
