import { expect, test } from '@playwright/test';
import { screenshotsAt390And1280 } from './pass-family';
import { hangUp, sampleFamilyViaUi } from './sample-family';

test('a parent schedules Santa’s call, and the family phone answers it in the sandbox phone', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { phone } = await sampleFamilyViaUi(page, { account: { name: 'Holly Parent' } });

  // From the navigation to "Santa calls your child".
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Santa calls' }).click();
  await expect(page).toHaveURL(/\/santa-calls$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Santa calls your child');
  const form = page.getByRole('form', { name: 'Schedule a call' });
  // The sample's minute: the parent is told the call would be short, with a way to add minutes.
  await expect(form.getByText(/Your family has 1 min of call time left/)).toBeVisible();
  await expect(form.getByRole('link', { name: 'Add minutes' })).toHaveAttribute('href', '/pricing');
  // The form opens on the soonest day with a free time (today, or tomorrow late at night); the
  // parent picks tomorrow, where 5 PM is always ahead. The browser is en-US: 12-hour times.
  const day = form.getByLabel('Day');
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  const tomorrow = await page.evaluate(() => new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA'));
  await expect(day).toHaveValue(new RegExp(`^(${today}|${tomorrow})$`));
  await day.fill(tomorrow);
  await form.getByText('5:00 PM', { exact: true }).click();
  await expect(form.getByLabel('Mia')).toBeChecked();
  await expect(form.getByLabel('Phone Santa rings')).toHaveValue(phone.e164);
  await screenshotsAt390And1280(page, 'santa-calls-form');
  await form.getByRole('button', { name: 'Schedule the Call' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'at 5:00 PM' })).toBeVisible();
  const calls = page.getByRole('list', { name: 'Scheduled calls' });
  await expect(calls.getByRole('heading', { name: /at 5:00 PM \(.+ time\)$/ })).toBeVisible();
  await expect(calls).toContainText('Mia');
  await expect(calls).toContainText('Scheduled');
  // The slot just taken is still free for others (capacity), so it stays offered.
  await screenshotsAt390And1280(page, 'santa-calls-scheduled');

  // The sandbox plays the clock: Santa's call rings the family phone now.
  await page.goto('/sandbox/phone');
  await page.getByLabel('Calling from').fill(phone.typed);
  await page.getByRole('button', { name: /Skip to Santa.s scheduled call/ }).click();
  const ringing = page.getByRole('alert').filter({ hasText: 'Santa is calling' });
  await expect(ringing).toBeVisible();
  await screenshotsAt390And1280(page, 'sandbox-phone-santa-calling');
  await ringing.getByRole('button', { name: 'Answer' }).click();
  await expect(page.getByRole('status')).toContainText('Connected to Santa');
  await expect(page.getByRole('log')).toContainText('Mia');
  await page.getByLabel('Say to Santa').fill('Hi Santa! I would love a sledge.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log')).toContainText('a sledge');
  await screenshotsAt390And1280(page, 'sandbox-phone-santa-call-answered');
  await hangUp(page);

  await page.goto('/santa-calls');
  await expect(page.getByRole('list', { name: 'Scheduled calls' })).toContainText('Done');
});

test('a call declined twice is missed, and the parent gives it a new time in one tap', async ({ page }) => {
  test.setTimeout(150_000);
  const { phone } = await sampleFamilyViaUi(page, { account: { name: 'Ivy Parent' }, kidName: 'Leo' });

  await page.goto('/santa-calls');
  const form = page.getByRole('form', { name: 'Schedule a call' });
  await form.getByText('6:30 PM', { exact: true }).click();
  await form.getByRole('button', { name: 'Schedule the Call' }).click();
  const calls = page.getByRole('list', { name: 'Scheduled calls' });
  await expect(calls.getByRole('heading', { name: /at 6:30 PM \(.+ time\)$/ })).toBeVisible();

  // Santa rings; nobody takes it, twice (the sandbox skips the half hour before the retry).
  await page.goto('/sandbox/phone');
  await page.getByLabel('Calling from').fill(phone.typed);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByRole('button', { name: /Skip to Santa.s scheduled call/ }).click();
    const ringing = page.getByRole('alert').filter({ hasText: 'Santa is calling' });
    await ringing.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('status')).toContainText('Call declined');
  }
  // The parent is told on the family phone, with a link to pick a new time.
  await expect(page.getByRole('list', { name: 'Text messages' })).toContainText('Santa tried to call');

  await page.goto('/santa-calls');
  await expect(calls).toContainText('Missed');
  await screenshotsAt390And1280(page, 'santa-calls-missed');
  await calls.getByRole('button', { name: 'Pick a new time' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Santa will call again' }),
  ).toBeVisible();
  await expect(calls).toContainText('Scheduled');
  await expect(calls).not.toContainText('Missed');
});
