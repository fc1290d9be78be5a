import { expect, test, type Page } from '@playwright/test';
import { openEmail, TEST_PASSWORD, uniqueEmail } from './helpers';
import { passFamilyAfterACall, screenshotsAt390And1280 } from './pass-family';

/** The accept link of the newest invitation to `address`, read in the sandbox mailbox. */
async function inviteLinkFor(page: Page, address: string): Promise<string> {
  await openEmail(page, address, 'invited you to listen');
  const href = await page.getByRole('link', { name: 'Accept the invitation' }).getAttribute('href');
  expect(href).toMatch(/\/listen#token=[A-Za-z0-9_-]{43}$/);
  return href!;
}

test('a grandparent invited by email signs up, accepts, hears the call, and loses access once removed', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await passFamilyAfterACall(page, {
    parentName: 'Holly Parent',
    kidName: 'Mia',
    lines: ['I would love a red bike please.'],
  });

  await page.goto('/family');
  const card = page.getByRole('region', { name: 'Grandparents and family' });
  const grandmaEmail = uniqueEmail('grandma');
  await card.getByLabel('Their name').fill('Grandma Rose');
  await card.getByLabel('Their email').fill(grandmaEmail);
  await card.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('We emailed Grandma Rose an invitation to listen.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Invited to listen' })).toContainText('invited');
  await card.scrollIntoViewIfNeeded();
  await screenshotsAt390And1280(page, 'listeners-card');

  // Grandma opens the emailed link in her own browser, with no account yet.
  const link = await inviteLinkFor(page, grandmaEmail);
  const context = await browser.newContext();
  const grandma = await context.newPage();
  await grandma.goto(link);
  await expect(grandma.getByRole('heading', { name: 'Listen to the calls with Santa' })).toBeVisible();
  // The invitation names who sent it before she signs up.
  await expect(grandma.getByText('Hello Grandma Rose! Holly Parent invited you')).toBeVisible();
  await screenshotsAt390And1280(grandma, 'listening-invitation');
  await grandma.getByRole('link', { name: 'Create an account' }).click();
  await grandma.getByLabel('Name').fill('Rose Grandma');
  await grandma.getByLabel('Email').fill(grandmaEmail);
  await grandma.getByLabel('Password').fill(TEST_PASSWORD);
  await grandma.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(grandma).toHaveURL(/\/listen$/);
  await grandma.getByRole('button', { name: 'Accept' }).click();

  await expect(grandma).toHaveURL(/\/listening$/);
  const calls = grandma.getByRole('region', { name: 'Holly Parent’s calls' });
  await expect(calls.getByRole('listitem').first()).toContainText('Mia');
  await expect(calls.getByRole('heading', { name: 'What Mia told Santa' })).toBeVisible();
  const audio = calls.locator('audio').first();
  await expect(audio).toBeVisible();
  // The recording plays for her, as it does for the family.
  const played = await grandma.request.get((await audio.getAttribute('src'))!);
  expect(played.status()).toBe(200);
  // Her own pages: the calls she may hear and her account, not a family set-up of her own.
  const nav = grandma.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Listening', 'Account']);
  await screenshotsAt390And1280(grandma, 'listening-page');
  await grandma.goto('/dashboard');
  await expect(grandma).toHaveURL(/\/listening$/);

  // The family removes her: she sees nothing of it any more.
  await page.goto('/family');
  await card.getByRole('button', { name: 'Remove Grandma Rose' }).click();
  await expect(page.getByText('They can no longer listen to your calls.')).toBeVisible();
  await grandma.reload();
  await expect(grandma.getByText('No family has invited you to listen yet.')).toBeVisible();
  await context.close();
});
