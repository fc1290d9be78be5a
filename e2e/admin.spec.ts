import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../playwright.config';
import { signInViaUi, signOutViaApi, signUpViaUi, VIEWPORTS } from './helpers';
import { sampleFamilyViaUi } from './sample-family';

const ADMIN = { email: 'admin@santacalls.local', password: E2E_ADMIN_PASSWORD };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/admin-${name}.png`, fullPage: true });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openAdmin(page: Page) {
  await signInViaUi(page, ADMIN);
  // The admin lands in the admin panel, not on a parent's dashboard.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
}

async function selectUser(page: Page, search: string, email: string) {
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByLabel('Search users').fill(search);
  await expect(page.getByText('Showing 1 of')).toBeVisible();
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('button', { name: new RegExp(email) })
    .click();
  await expect(page.getByText('User Information')).toBeVisible();
}

/** A parent in their own browser context, signed up through the UI. */
async function newParent(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const account = await signUpViaUi(page, { name });
  return { context, page, account };
}

test('the admin gifts minutes to a user found by part of the name, and the dashboard shows them', async ({
  page,
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const parent = await newParent(browser, `Holly Gift${tag}`);

  await page.setViewportSize(VIEWPORTS.desktop);
  await openAdmin(page);
  await shot(page, 'users-tab-desktop');
  await selectUser(page, `gift${tag}`.toUpperCase(), parent.account.email);
  await expect(page.getByText('email/password', { exact: true })).toBeVisible();
  await shot(page, 'user-detail-desktop');

  // Giving minutes is its own button beside the gift history, not a Danger Zone action.
  await page.getByRole('button', { name: 'Give minutes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give minutes' });
  await expect(dialog.getByLabel('Minutes')).toHaveAttribute('max', '10000');
  await dialog.getByLabel('Minutes').fill('10001');
  await dialog.getByRole('button', { name: 'Give minutes' }).click();
  await expect(toast(page, 'Cannot gift more than 10,000 minutes at once')).toBeVisible();
  await dialog.getByLabel('Minutes').fill('0');
  await dialog.getByRole('button', { name: 'Give minutes' }).click();
  await expect(toast(page, 'Please enter a valid number of minutes')).toBeVisible();
  await dialog.getByLabel('Minutes').fill('30');
  await dialog.getByLabel('Note (optional)').fill('Merry Christmas from the team');
  await shot(page, 'dialog-gift-minutes');
  await dialog.getByRole('button', { name: 'Give minutes' }).click();
  await expect(toast(page, `Successfully gifted 30 minutes to ${parent.account.email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('gift-history')).toContainText('+30 minutes');
  await expect(page.getByTestId('gift-history')).toContainText('Merry Christmas from the team');

  await page.setViewportSize(VIEWPORTS.phone);
  await page.waitForTimeout(150);
  await page.screenshot({ path: 'test-results/screenshots/admin-users-tab-phone.png', fullPage: true });
  // The plan and its state stay readable on a common phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await expect(page.getByRole('list', { name: 'Users' })).toContainText('Gifted Minutes · active');
  await shot(page, 'users-tab-390');
  await page.setViewportSize(VIEWPORTS.desktop);

  await parent.page.reload();
  await expect(parent.page.getByText('30 of 30 minutes remaining')).toBeVisible();
  await parent.context.close();

  // Another admin session deletes the selected user; Refresh notices and clears the selection.
  const userId = (await page.getByText(/^[0-9a-f-]{36}$/).textContent())!;
  const origin = new URL(page.url()).origin;
  expect(
    (await page.request.delete(`/api/admin/users/${userId}`, { headers: { Origin: origin } })).ok(),
  ).toBe(true);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, 'Selected user no longer exists')).toBeVisible();
  await expect(page.getByText('Select a user to see their details.')).toBeVisible();
});

/** The admin, on the Coupons tab, generates a 100%-off first-month coupon and reads its code. */
async function generateCoupon(page: Page) {
  await page.getByRole('tab', { name: 'Coupons & Gifts' }).click();
  await page.getByRole('button', { name: '100% First Month' }).click();
  const generated = page.getByText(/^Coupon generated: /);
  await expect(generated).toBeVisible();
  return (await generated.textContent())!.replace('Coupon generated: ', '').trim();
}

/** A new parent who buys the 3-month pass with `code` at checkout, paying nothing. */
async function parentWhoRedeems(browser: Browser, name: string, code: string) {
  const parent = await newParent(browser, name);
  await parent.page.goto('/pricing');
  await parent.page.getByRole('button', { name: 'Have a coupon code?' }).click();
  await parent.page.getByLabel('Coupon code').fill(code);
  await parent.page.getByRole('button', { name: 'Get 3-Month Pass' }).click();
  await parent.page.getByRole('button', { name: 'Pay $0' }).click();
  await expect(parent.page).toHaveURL(/\/dashboard$/);
  await expect(parent.page.getByText('180 of 180 minutes remaining')).toBeVisible();
  return parent;
}

test('a generated coupon is copied, redeemed by a parent at checkout, and shown Used with who used it', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(VIEWPORTS.desktop);
  await openAdmin(page);
  const code = await generateCoupon(page);
  const row = page.getByTestId(`coupon-row-${code}`);
  await expect(row).toContainText('Available');
  await row.getByRole('button', { name: `Copy ${code}` }).click();
  await expect(page.getByText('Coupon code copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await shot(page, 'coupons-tab');
  await expect(page.getByText('Coupon code copied to clipboard!')).toBeHidden({ timeout: 5000 });

  const tag = Math.random().toString(36).slice(2, 7);
  const parent = await parentWhoRedeems(browser, `Ivy Coupon${tag}`, code);

  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('tab', { name: 'Coupons & Gifts' }).click();
  await expect(page.getByTestId(`coupon-row-${code}`)).toContainText('Used');
  await expect(page.getByTestId(`coupon-row-${code}`)).toContainText(`${parent.account.email} · 1 use`);
  await shot(page, 'coupons-tab-used-by');
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the coupon is a card, so who used it is on screen without scrolling sideways.
  await expect(page.getByTestId(`coupon-card-${code}`)).toContainText(`${parent.account.email} · 1 use`);
  await expect(page.getByTestId(`coupon-card-${code}`)).toBeVisible();
  await shot(page, 'coupons-tab-used-by-phone');
  await parent.context.close();
});

test("the admin sees a parent's redeemed discount, then deletes their phone number and their account", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await openAdmin(page);
  const code = await generateCoupon(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const parent = await parentWhoRedeems(browser, `Rowan Discount${tag}`, code);

  await page.getByRole('tab', { name: 'User Management' }).click();
  await selectUser(page, `discount${tag}`, parent.account.email);
  await expect(page.getByRole('list', { name: 'Users' })).toContainText('100% off · First Month');
  await expect(page.getByRole('list', { name: 'Users' })).toContainText('3-Month Pass · active');
  await expect(page.getByText('Agent Configuration')).toBeVisible();
  await expect(page.getByTestId('discount-history')).toContainText(code);

  await page.getByRole('button', { name: 'Revoke Discount' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke Discount' });
  await expect(revoke.getByRole('button', { name: 'Revoke Discount' })).toBeDisabled();
  await revoke.getByLabel(/Finish billing period/).check();
  await expect(revoke.getByRole('button', { name: 'Revoke Discount' })).toBeEnabled();
  await shot(page, 'dialog-revoke-discount');
  await revoke.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete Phone Number' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Delete Phone Number' });
  await shot(page, 'dialog-delete-phone');
  await phoneDialog.getByRole('button', { name: 'Delete Phone Number' }).click();
  await expect(toast(page, 'Phone number deleted successfully')).toBeVisible();
  await expect(page.getByText('No agent configuration (no dedicated number).')).toBeVisible();

  await page.getByRole('button', { name: 'Delete User' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Delete User Account' });
  await expect(userDialog).toContainText(parent.account.email);
  await shot(page, 'dialog-delete-user');
  await userDialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(page.getByText('Select a user to see their details.')).toBeVisible();
  await expect(toast(page, 'Failed to load user details')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Users' })).toHaveCount(0);

  await parent.page.goto('/dashboard');
  await expect(parent.page).toHaveURL(/\/auth$/);
  await parent.context.close();
});

test("the admin edits Santa's script", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await openAdmin(page);
  await page.getByRole('tab', { name: "Santa's Script" }).click();
  const box = page.getByLabel('Santa prompt');
  await expect(box).toHaveAttribute('rows', '20');
  await expect(box).toHaveValue(/\{kid_name\}/);
  for (const placeholder of ['{kid_name}', '{age}', '{siblings}', '{custom_notes}']) {
    await expect(page.getByRole('list', { name: 'Available placeholders' })).toContainText(placeholder);
  }
  await expect(
    page.getByText('Safety rules are always added to every call and cannot be edited here.'),
  ).toBeVisible();
  // The other journeys share this server: their Santa must know the wish list again afterwards.
  const original = await box.inputValue();
  await box.fill('Ho ho ho! You are Santa, talking with {kid_name}.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Santa prompt updated successfully!')).toBeVisible();
  await expect(page.getByText(`Last updated by ${ADMIN.email}`)).toBeVisible();
  await shot(page, 'script-tab');

  await box.fill('No name here');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, '{kid_name}')).toBeVisible();

  await box.fill(original);
  const restored = page.waitForResponse(
    (res) => res.url().endsWith('/api/admin/santa-prompt') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await restored).ok()).toBe(true);
});

test('a parent at /admin is refused and sent to /dashboard; /admin/coupons checks access itself', async ({
  page,
}) => {
  await page.goto('/admin/coupons');
  await expect(page.getByText('Auth failed: 401. Please log in.')).toBeVisible();
  await shot(page, 'coupons-page-signed-out');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signUpViaUi(page);
  await page.goto('/admin');
  await expect(toast(page, 'Access denied. Admin privileges required.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/coupons');
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOutViaApi(page);

  await signInViaUi(page, ADMIN);
  await page.goto('/admin/coupons');
  await expect(page.getByRole('heading', { name: 'Coupon Generator' })).toBeVisible();
  await shot(page, 'coupons-page');
});

/** Inside the element: whether the page scrolls sideways, and which controls are under 44×44 px. */
async function layoutProblems(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((root) => {
    const small = Array.from(root.querySelectorAll('a[href], button, input, textarea, select'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && (box.width < 43.5 || box.height < 43.5))
      .map(({ el, box }) => `${el.tagName} "${(el as HTMLElement).innerText}" ${box.width}×${box.height}`);
    return { sideways: document.documentElement.scrollWidth > window.innerWidth, small };
  });
}

test("the admin previews Santa's script for a family found by email, then hears the opening on a test call", async ({
  page,
  browser,
}) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const parentPage = await context.newPage();
  const { account } = await sampleFamilyViaUi(parentPage, {
    account: { name: `Nora Preview${tag}` },
    kidName: 'Noelle',
    fields: { 'Wish list': 'a secret telescope' },
  });
  await context.close();

  await page.setViewportSize(VIEWPORTS.desktop);
  await openAdmin(page);
  await page.getByRole('tab', { name: "Santa's Script" }).click();
  const card = page.getByTestId('family-preview');
  await card.getByLabel('Find a family').fill(account.email.toUpperCase());
  await card
    .getByRole('list', { name: 'Matching families' })
    .getByRole('button', { name: account.email })
    .click();
  await expect(card.getByTestId('preview-family')).toHaveText(account.email);
  await expect(card.getByTestId('preview-first-message')).toContainText('Noelle');
  const prompt = card.getByTestId('preview-prompt');
  await expect(prompt).toContainText('Rules you must always follow:');
  // The family's own words stay theirs: the admin sees where they go and how long they are.
  await expect(prompt).toContainText('[wish list · 18 characters]');
  await expect(card).not.toContainText('telescope');
  await expect(card.getByRole('status')).toContainText('Santa would answer a call now, for at most 1 minute');

  await card.getByRole('button', { name: 'Test call' }).click();
  const transcript = card.getByRole('log', { name: 'Test call' });
  await expect(transcript.getByRole('listitem')).toHaveCount(3);
  await expect(transcript.getByRole('listitem').first()).toContainText('Noelle');
  await expect(transcript).toContainText('Hi Santa! I have been really good this year.');
  await card.getByLabel('What the child says').fill('Goodbye Santa!');
  await card.getByRole('button', { name: 'Say it' }).click();
  await expect(card.getByText('Santa said goodbye: the test call is over.')).toBeVisible();
  await shot(page, 'script-preview-1280');

  // An unsaved draft is previewed on request, and never saved by it.
  await page.getByLabel('Santa prompt').fill('DRAFT ONLY: you are Santa, talking with {kid_name}.');
  await card.getByRole('button', { name: 'Preview again' }).click();
  await expect(prompt).toContainText('DRAFT ONLY: you are Santa, talking with Noelle.');
  await expect(card).toContainText('from your unsaved draft');

  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(150);
    expect(await layoutProblems(page, 'family-preview'), `at ${width} px`).toEqual({
      sideways: false,
      small: [],
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'script-preview-390');
});
