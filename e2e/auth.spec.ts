import { expect, test, type Page } from '@playwright/test';
import { screenshot, signInViaUi, signOutViaApi, signUpViaUi, TEST_PASSWORD, uniqueEmail } from './helpers';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Uses the dashboard's Logout button when it is there, else ends the session through the API. */
async function logOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout' });
  if (await logout.isVisible().catch(() => false)) {
    await logout.click();
    await expect(page).toHaveURL(/\/$/);
  } else {
    await signOutViaApi(page);
  }
}

test.describe('Auth page', () => {
  test('starts in sign-in mode and toggles to sign-up and back', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeEnabled();

    await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  });

  test('sign up, log out and sign in again', async ({ page }) => {
    const account = await signUpViaUi(page, { name: 'Noelle Parent' });
    await expect(toast(page, 'Account created successfully!')).toBeVisible();

    await logOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);

    await signInViaUi(page, account);
    await expect(toast(page, 'Login successful!')).toBeVisible();
  });

  test('a wrong password shows the server detail and stays on /auth', async ({ page }) => {
    const account = await signUpViaUi(page);
    await signOutViaApi(page);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a server failure without a detail says the problem is on our side', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto('/auth');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(
      toast(page, 'Something went wrong on our side. Please try again in a minute.'),
    ).toBeVisible();
    await expect(toast(page, 'Authentication failed')).toHaveCount(0);
  });

  test("while submitting the button is disabled and reads 'Processing...'", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  });

  test('Continue with Google signs in through the sandbox chooser and lands on the dashboard', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/sandbox\/google/);
    await page.getByText('Use another account').click();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('google'));
    await page.getByLabel('Name', { exact: true }).fill('Gwen Google');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    // The single-use id is gone from the address bar once exchanged.
    expect(new URL(page.url()).hash).toBe('');
    const me = await page.request.get('/api/auth/me');
    expect(me.ok()).toBe(true);
    expect((await me.json()).user.name).toBe('Gwen Google');
  });

  test('a browser already signed in is asked before a Google sign-in switches accounts', async ({ page }) => {
    const parent = await signUpViaUi(page);
    await page.goto('/api/auth/google');
    await expect(page).toHaveURL(/\/sandbox\/google/);
    await page.getByText('Use another account').click();
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('other'));
    await page.getByLabel('Name', { exact: true }).fill('Other Google');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Switch accounts?' })).toBeVisible();
    await expect(page.getByText(parent.email)).toBeVisible();
    await screenshot(page, 'auth-switch-account');
    await page.getByRole('button', { name: /^Stay as/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const me = await page.request.get('/api/auth/me');
    expect((await me.json()).user.email).toBe(parent.email);
  });

  test('cancelling Google sign-in returns to /auth with a toast', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/sandbox\/google/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toast(page, 'Google sign-in did not complete')).toBeVisible();
  });

  test('an invalid session id in the URL goes to /auth', async ({ page }) => {
    await page.goto('/dashboard#session_id=not-a-real-handoff');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toast(page, 'Sign-in link is invalid or has expired')).toBeVisible();
  });

  test('screenshots', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await screenshot(page, 'auth-sign-in');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await screenshot(page, 'auth-sign-up');
    await page.setViewportSize({ width: 360, height: 740 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('Route guards', () => {
  for (const path of ['/dashboard', '/setup-profile', '/calls']) {
    test(`${path} sends a signed-out visitor to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    });
  }

  test('/auth sends a signed-in parent to /dashboard', async ({ page }) => {
    await signUpViaUi(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('Account', () => {
  test('a parent sees their signed-in devices and signs the others out', async ({ page, browser }) => {
    const parent = await signUpViaUi(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInViaUi(otherPage, parent);

    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(1);
    await screenshot(page, 'account-devices');

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Signed out on 1 other device' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
    expect((await otherPage.request.get('/api/auth/me')).status()).toBe(401);
    await other.close();
  });
});
