import { expect, test } from '@playwright/test';
import { signUpViaUi, uniquePhone, verifyPhoneViaUi, agreeToPrivacyNotice } from './helpers';
import { dialSanta, hangUp } from './sample-family';

const phone = uniquePhone();

test('a pass holder plays the recording of a call on their dedicated number without paying for it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaUi(page, { name: 'Holly Parent' });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Get 3-Month Pass' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/setup-profile');
  await page.getByLabel('Parent phone').fill(phone.typed);
  await page.getByLabel('Kid name').fill('Noel');
  await page.getByLabel('Wish list').fill('a red bike');
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await verifyPhoneViaUi(page, phone.e164);
  const santaNumber = page.getByRole('region', { name: "Santa's Phone Number" });
  const tel = await santaNumber.getByRole('link', { name: /^\+1 / }).getAttribute('href');
  const dedicated = tel!.replace(/^tel:/, '');

  // The child calls the family's own Santa number from the verified phone.
  await dialSanta(page, phone.typed, dedicated);
  const log = page.getByRole('log');
  await expect(log).toContainText(/Santa.*Noel/);
  await page.getByLabel('Say to Santa').fill('Hi Santa!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText('a red bike');
  await hangUp(page);

  // The pass includes recordings: no $0.99 unlock, the audio is there and plays.
  await page.goto('/calls');
  const history = page.locator('li').filter({ hasText: 'Completed' });
  await expect(history).toHaveCount(1);
  await expect(history.getByRole('button', { name: /Purchase/ })).toHaveCount(0);
  const audio = page.locator('audio');
  await expect(audio).toHaveCount(1);
  await audio.evaluate((element: HTMLAudioElement) => {
    element.preload = 'auto';
    element.load();
  });
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThan(0);
});
