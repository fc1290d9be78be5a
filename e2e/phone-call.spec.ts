import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import { HOTLINE, dialSanta, hangUp, sampleFamilyViaUi } from './sample-family';

test('a child calls Santa from the phone simulator, the call lands on the dashboard and its recording can be bought', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Free sample → kid profile with the parent phone Santa will recognise, once it is verified by
  // the code texted to it.
  const { phone } = await sampleFamilyViaUi(page, {
    fields: { 'Wish list': 'a red bike', Accomplishments: 'learning to swim', Siblings: 'Leo' },
  });
  await screenshot(page, 'dashboard-family-phones');

  // The simulator prefills the parent phone from the profile and offers the hotline.
  await page.goto('/sandbox/phone');
  await expect(page.getByText('SANDBOX PHONE SIMULATOR')).toBeVisible();
  await expect(page.getByLabel('Calling from')).toHaveValue(phone.e164);
  // The verification code texted to that phone shows on the simulated phone, as on a real one.
  await expect(page.getByRole('list', { name: 'Text messages' })).toContainText(
    'Your Santa Calls verification code is',
  );
  await page.getByLabel('Santa number to dial').selectOption(HOTLINE);
  await page.getByLabel('Calling from').fill(phone.typed);
  await page.getByRole('button', { name: 'Dial' }).click();

  const log = page.getByRole('log');
  await expect(log).toContainText(/Santa.*Mia/);
  await expect(page.getByRole('status')).toContainText('Connected to Santa');
  await expect(page.getByLabel('Time left')).toHaveText(/0:[0-5]\d left/);

  const message = page.getByLabel('Say to Santa');
  await message.fill('Hi Santa!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText('a red bike');
  await message.fill('I learned to swim at school');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText('so proud of you');
  await screenshot(page, 'sandbox-phone-live');

  // A call that ends in its first 20 seconds costs nothing: this one goes on past them.
  await expect(page.getByLabel('Time left')).toHaveText(/0:([0-2]\d|3[0-8]) left/, { timeout: 40_000 });
  await hangUp(page);
  await screenshot(page, 'sandbox-phone-ended');

  // The calls page shows the call; the dashboard what is left of the sample's minute in seconds.
  await page.goto('/calls');
  const history = page.locator('li').filter({ hasText: 'Completed' });
  await expect(history).toHaveCount(1);
  await expect(history).toContainText(/Duration: \d+ seconds/);
  await history.getByText('View transcript').click();
  await expect(history).toContainText('I learned to swim at school');
  await page.goto('/dashboard');
  // Billed by the second: the call spent its seconds, not the whole minute.
  await expect(page.getByText(/^\d+ seconds? left of 1 minute$/)).toBeVisible();
  await expect(page.getByText(/^\d+ seconds? used$/)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute(
    'aria-valuetext',
    /^\d+ seconds? of 1 minute used$/,
  );
  // Under a minute left, the card offers more.
  await expect(page.getByRole('link', { name: 'Add More Minutes' })).toHaveAttribute('href', '/pricing');
  await screenshot(page, 'dashboard-seconds-left');

  // Unlock the recording through the sandbox checkout, from the calls page.
  await page.goto('/calls');
  await history.getByRole('button', { name: 'Purchase $0.99' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/calls');
  const audio = page.locator('audio');
  await expect(audio).toHaveCount(1);
  await audio.evaluate((element: HTMLAudioElement) => {
    element.preload = 'auto';
    element.load();
  });
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(0);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThan(0);
});

test('the phone simulator looks right before a call', async ({ page }) => {
  await page.goto('/sandbox/phone');
  await expect(page.getByRole('button', { name: 'Dial' })).toBeEnabled();
  await screenshot(page, 'sandbox-phone');
});

test('the phone simulator never mixes the profile’s phone into a number already being typed', async ({
  page,
}) => {
  // The profile answers only once the caller is in the field, as on a slow network.
  let answer: () => void = () => undefined;
  const inField = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/santa/kid-profile', async (route) => {
    await inField;
    await route.fulfill({ json: { has_profile: true, profile: { parent_phone: '+14155550000' } } });
  });
  const profileRead = page.waitForResponse('**/api/santa/kid-profile');
  await page.goto('/sandbox/phone');
  await page.getByLabel('Calling from').click();
  answer();
  await profileRead;
  await page.keyboard.type('+1 415 555 7603');
  await expect(page.getByLabel('Calling from')).toHaveValue('+1 415 555 7603');
});

test('a call that ends in its first seconds costs nothing, and the dashboard says why', async ({ page }) => {
  test.setTimeout(120_000);
  const { phone: shortPhone } = await sampleFamilyViaUi(page, { kidName: 'Noah' });
  await dialSanta(page, shortPhone.typed);
  await hangUp(page);

  await page.goto('/calls');
  const history = page.locator('li').filter({ hasText: 'Completed' });
  await expect(history).toContainText('Not charged: the call ended in its first 20 seconds');
  await page.goto('/dashboard');
  await expect(page.getByText('1 of 1 minute remaining')).toBeVisible();
  await screenshot(page, 'dashboard-short-call-not-charged');
});
