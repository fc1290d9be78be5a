import { expect, type Page } from '@playwright/test';
import {
  agreeToPrivacyNotice,
  signUpViaUi,
  uniquePhone,
  verifyPhoneViaUi,
  type TestAccount,
} from './helpers';

/** The free sample's shared Santa line: he knows the family by its verified parent phone. */
export const HOTLINE = '+15550100';

export interface SampleFamilyOptions {
  account?: Partial<TestAccount>;
  kidName?: string;
  /** More of the profile form, by label, filled in this order. */
  fields?: Record<string, string>;
  /** Checks on the filled form before the parent saves it. */
  beforeSave?: () => Promise<void>;
}

/**
 * A parent who took the free sample from the pricing page: signed up, kid profile saved, parent
 * phone verified by the code texted to it. Ends on the dashboard.
 */
export async function sampleFamilyViaUi(page: Page, options: SampleFamilyOptions = {}) {
  const phone = uniquePhone();
  const account = await signUpViaUi(page, options.account);
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Try Free Sample' }).click();
  await expect(page).toHaveURL(/\/setup-profile$/);
  await page.getByLabel('Parent phone').fill(phone.typed);
  await page.getByLabel('Kid name').fill(options.kidName ?? 'Mia');
  for (const [label, value] of Object.entries(options.fields ?? {})) await page.getByLabel(label).fill(value);
  await options.beforeSave?.();
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await verifyPhoneViaUi(page, phone.e164);
  return { account, phone };
}

/** Dials Santa from `from` on the sandbox phone and waits until he answers. */
export async function dialSanta(page: Page, from: string, santaNumber = HOTLINE) {
  await page.goto('/sandbox/phone');
  await page.getByLabel('Santa number to dial').selectOption(santaNumber);
  await page.getByLabel('Calling from').fill(from);
  await page.getByRole('button', { name: 'Dial' }).click();
  await expect(page.getByRole('status')).toContainText('Connected to Santa');
}

/** Hangs up on the sandbox phone and waits for the call to end. */
export async function hangUp(page: Page) {
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByRole('status')).toContainText('Call ended');
}
