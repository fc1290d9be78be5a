import { expect, type Page } from '@playwright/test';

/** A password every journey can use: long enough for sign-up's minimum. */
export const TEST_PASSWORD = 'jingle-bells-2024';

/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(prefix = 'parent'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** Registers through the Auth page and waits for the dashboard; returns the account used. */
export async function signUpViaUi(page: Page, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
  const account: TestAccount = {
    name: overrides.name ?? 'Holly Parent',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? TEST_PASSWORD,
  };
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Signs in through the Auth page and waits for the dashboard (the admin: the admin panel). */
export async function signInViaUi(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
}

/** Ends the session without depending on any screen's Logout button. */
export async function signOutViaApi(page: Page) {
  const origin = new URL(page.url().startsWith('http') ? page.url() : baseUrl()).origin;
  const response = await page.request.post('/api/auth/logout', { headers: { Origin: origin } });
  expect(response.ok()).toBe(true);
}

/** The app's origin: the port the test server listens on (E2E_PORT, 3100 by default). */
export function baseUrl(): string {
  return `http://localhost:${process.env.E2E_PORT ?? 3100}`;
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;

/**
 * Saves full-page screenshots of the current page at desktop and phone widths to
 * test-results/screenshots/<name>-desktop.png and <name>-phone.png, then restores the viewport.
 */
export async function screenshot(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    // Let layout settle after the resize (the spec debounces resize handlers by 20 ms).
    await page.waitForTimeout(100);
    // A full-page capture of a scrolled page draws the sticky header where the scroll left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Phones one worker process may take; worker indexes are unique within a run. */
const PHONES_PER_WORKER = 40;
let phonesTaken = 0;

/**
 * A parent phone no other journey uses: specs share one server, and a phone may belong to only
 * one account. Numbered by worker rather than drawn at random, so two journeys never collide.
 * Returns the typed form and its E.164 form.
 */
export function uniquePhone(): { typed: string; e164: string } {
  if (phonesTaken >= PHONES_PER_WORKER) throw new Error('a worker took more parent phones than it may');
  // Set by Playwright in each worker, and readable at import time (a spec may take its phone then).
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  const line = String(3000 + worker * PHONES_PER_WORKER + phonesTaken++);
  return { typed: `+1 415 555 ${line}`, e164: `+1415555${line}` };
}

/**
 * Reloads the page until `shown` passes. Background jobs (a summary, a safety read) land between
 * reloads, and on a loaded machine the page needs a few seconds to draw after each one.
 */
export async function reloadUntil(page: Page, shown: () => Promise<void>, timeout = 60_000) {
  await expect(async () => {
    await page.reload();
    await shown();
  }).toPass({ timeout, intervals: [500, 1_000, 2_000] });
}

/** How long one reload may take to show what `reloadUntil` waits for. */
export const AFTER_RELOAD = { timeout: 5_000 };

/**
 * Opens the newest email to `address` whose subject has `subject`, in the sandbox mailbox, once the
 * email job has sent it (a moment after the request that asked for it).
 */
export async function openEmail(page: Page, address: string, subject: string) {
  const email = page.getByRole('link').filter({ hasText: subject }).filter({ hasText: address }).first();
  await page.goto('/sandbox/mail');
  await expect(page.getByRole('note')).toContainText('SANDBOX MAILBOX');
  await reloadUntil(page, () => expect(email).toBeVisible(AFTER_RELOAD));
  await email.click();
  await expect(page.getByText(`To ${address}`)).toBeVisible();
}

/**
 * Verifies the profile's phone on the Family page, reading the code the way a parent would: from
 * the text the sandbox Twilio sent to that phone; then back to the dashboard.
 */
export async function verifyPhoneViaUi(page: Page, e164: string) {
  await page.goto('/family');
  const card = page.getByRole('region', { name: 'Family phones' });
  await expect(card.getByLabel('Phone to verify')).toHaveValue(e164);
  await card.getByRole('button', { name: 'Text me a code' }).click();
  const res = await page.request.get(`/sandbox/phone/api/messages?to=${encodeURIComponent(e164)}`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  const { messages } = (await res.json()) as { messages: { body: string }[] };
  const code = /\d{6}/.exec(messages[0]!.body)![0];
  await card.getByLabel('Code').fill(code);
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByText(/· verified$/)).toBeVisible();
  await page.goto('/dashboard');
}

/** Ticks the profile form's agreement to the privacy notice, as a parent must before saving. */
export async function agreeToPrivacyNotice(page: Page) {
  await page.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
}
