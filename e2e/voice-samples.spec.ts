import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaUi } from './helpers';
import { screenshotsAt390And1280 } from './pass-family';

/** The player's length once its metadata is in: more than zero means there is audio to hear. */
async function secondsOf(player: Locator): Promise<number> {
  return player.evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        audio.addEventListener('error', () => reject(new Error('the sample did not load')), { once: true });
        audio.preload = 'metadata';
        audio.load();
      }),
  );
}

async function expectEverySantaPlays(page: Page) {
  for (const personality of ['traditional', 'modern', 'mixed']) {
    const player = page.locator(`audio[data-voice-sample="${personality}"]`).first();
    await player.scrollIntoViewIfNeeded();
    await expect(player).toBeVisible();
    expect(await secondsOf(player)).toBeGreaterThan(1);
  }
}

test('a visitor hears each Santa on the landing page before signing up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('figure', { name: 'Hear Traditional Santa' })).toBeVisible();
  await expectEverySantaPlays(page);
  await page.getByRole('heading', { name: 'Choose the Santa who calls' }).scrollIntoViewIfNeeded();
  await screenshotsAt390And1280(page, 'voice-samples-landing');
});

test('the pricing page lets a parent hear the three Santas before paying', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Hear Santa before you choose' })).toBeVisible();
  await expectEverySantaPlays(page);
  await page.getByRole('heading', { name: 'Hear Santa before you choose' }).scrollIntoViewIfNeeded();
  await screenshotsAt390And1280(page, 'voice-samples-pricing');
});

test('choosing Santa’s personality in the first run, each one can be heard', async ({ page }) => {
  await signUpViaUi(page, { name: 'Voice Parent' });
  await page.goto('/welcome');
  await page.getByLabel('Kid name').fill('Mia');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expect(page.getByRole('group', { name: "Santa's personality" })).toBeVisible();
  await expectEverySantaPlays(page);
  await page.getByRole('group', { name: "Santa's personality" }).scrollIntoViewIfNeeded();
  await screenshotsAt390And1280(page, 'voice-samples-first-run');
});
