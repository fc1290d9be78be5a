import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { agreeToPrivacyNotice, signUpViaUi, uniquePhone, verifyPhoneViaUi } from './helpers';
import { dialSanta, hangUp } from './sample-family';

const SHOTS = 'e2e/screenshots';

/** Full-page captures at phone (390) and desktop (1280) width, under e2e/screenshots/. */
export async function screenshotsAt390And1280(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    // A full-page capture of a scrolled page draws the sticky header where the scroll left it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/**
 * A family on a 3-month pass (recordings included) whose child has called Santa on their own
 * number from the sandbox phone and said `lines`, then hung up (`pastFreeStart`: after the free
 * first seconds, so the call is charged and featured).
 */
export async function passFamilyAfterACall(
  page: Page,
  family: { parentName: string; kidName: string; lines: string[]; pastFreeStart?: boolean },
) {
  const phone = uniquePhone();
  await signUpViaUi(page, { name: family.parentName });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Get 3-Month Pass' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/setup-profile');
  await page.getByLabel('Parent phone').fill(phone.typed);
  await page.getByLabel('Kid name').fill(family.kidName);
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await verifyPhoneViaUi(page, phone.e164);
  const tel = await page
    .getByRole('region', { name: "Santa's Phone Number" })
    .getByRole('link', { name: /^\+1 / })
    .getAttribute('href');

  await dialSanta(page, phone.typed, tel!.replace(/^tel:/, ''));
  for (const line of family.lines) {
    await page.getByLabel('Say to Santa').fill(line);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('log')).toContainText(line);
    await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  }
  // A call in its first 20 seconds (FREE_START_SECONDS) is forgiven and never the featured one.
  if (family.pastFreeStart) await page.waitForTimeout(21_000);
  await hangUp(page);
}
