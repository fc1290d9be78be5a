import { expect, test, type Page } from '@playwright/test';
import { AFTER_RELOAD, agreeToPrivacyNotice, reloadUntil, signUpViaUi, uniquePhone } from './helpers';
import { screenshotsAt390And1280 } from './pass-family';
import { dialSanta, hangUp, sampleFamilyViaUi } from './sample-family';

async function addChild(page: Page, child: { name: string; age: string; wishes: string }) {
  await page.getByRole('button', { name: 'Add a Child' }).click();
  const form = page.getByRole('form', { name: 'Add a child' });
  await form.getByLabel('Child’s name').fill(child.name);
  await form.getByLabel('Age').fill(child.age);
  await form.getByLabel('Wish list').fill(child.wishes);
  await form.getByRole('button', { name: 'Add Child' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `${child.name} is added` }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Children' }).getByRole('heading', { name: child.name }),
  ).toBeVisible();
}

test('a parent adds two more children; Santa asks who is speaking, and the call is Leo’s in the history', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { phone } = await sampleFamilyViaUi(page, { account: { name: 'Noel Parent' } });

  // From the navigation to "Your children".
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Children' }).click();
  await expect(page).toHaveURL(/\/children$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your children');
  await addChild(page, { name: 'Leo', age: '9', wishes: 'a telescope' });
  await addChild(page, { name: 'Ava', age: '4', wishes: 'a pony' });
  const children = page.getByRole('list', { name: 'Children' });
  await expect(children.getByRole('heading', { level: 2 })).toHaveText(['Mia', 'Leo', 'Ava']);
  // Nobody set as the usual caller: Santa will ask who is speaking.
  await expect(page.getByLabel('Who usually calls?')).toHaveValue('');
  await screenshotsAt390And1280(page, 'children-page');

  // Leo calls: Santa does not guess, he asks; Leo says his name.
  await dialSanta(page, phone.typed);
  const log = page.getByRole('log');
  await expect(log).toContainText('Who am I speaking with today?');
  await page.getByLabel('Say to Santa').fill("It's Leo! I really want a telescope.");
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log.locator('.turn')).toHaveCount(3);
  // A call in its first 20 seconds (FREE_START_SECONDS) is forgiven and never the featured one:
  // Leo talks a little longer.
  await page.waitForTimeout(21_000);
  await hangUp(page);

  await page.goto('/calls');
  const calls = page.locator('li').filter({ hasText: 'Completed' });
  await reloadUntil(page, () => expect(calls.first()).toContainText('Leo ·', AFTER_RELOAD));
  const whose = page.getByLabel('Whose calls');
  await whose.selectOption({ label: 'Mia' });
  await expect(page.getByText('No calls from this child yet')).toBeVisible();
  await whose.selectOption({ label: 'Leo' });
  await expect(calls).toHaveCount(1);
  // The recap is Leo's words, named for Leo, not for the first child.
  await expect(calls.first()).toContainText('Leo told Santa');
  await expect(calls.first().getByRole('heading', { name: 'What Leo told Santa' })).toBeVisible();
  await screenshotsAt390And1280(page, 'children-calls-of-leo');

  // What Santa remembers is Leo's, under Leo; forgetting it leaves nothing of Leo's behind.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Leo just talked to Santa!' })).toBeVisible();
  const memory = page.getByRole('region', { name: 'What Santa remembers' });
  const leos = memory.getByRole('region', { name: 'Leo' });
  await expect(leos).toContainText('I really want a telescope.');
  await expect(memory.getByRole('region', { name: 'Mia' })).toHaveCount(0);
  await leos.scrollIntoViewIfNeeded();
  await screenshotsAt390And1280(page, 'children-memory');
  await leos.getByRole('button', { name: 'Forget what Leo said' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forget what Leo told Santa?' });
  await dialog.getByRole('button', { name: 'Forget it' }).click();
  await expect(page.getByText('Santa has forgotten what that child told him.')).toBeVisible();
  await expect(leos).toHaveCount(0);
});

test('a child is removed only after the parent confirms, and the first child stays with the profile', async ({
  page,
}) => {
  await signUpViaUi(page);
  await page.goto('/setup-profile');
  await page.getByLabel('Parent phone').fill(uniquePhone().typed);
  await page.getByLabel('Kid name').fill('Mia');
  await agreeToPrivacyNotice(page);
  await page.getByRole('button', { name: 'Create Profile & Get Phone Number' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/children');
  await addChild(page, { name: 'Leo', age: '9', wishes: 'a telescope' });
  const children = page.getByRole('list', { name: 'Children' });
  // The first child is edited with the family's profile, and has no Remove.
  await expect(children.getByRole('button', { name: 'Remove Mia' })).toHaveCount(0);
  await expect(children.getByRole('link', { name: 'Edit Mia' })).toHaveAttribute('href', '/setup-profile');

  await children.getByRole('button', { name: 'Remove Leo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Leo?' });
  await dialog.getByRole('button', { name: 'Keep Leo' }).click();
  await expect(children.getByRole('heading', { name: 'Leo' })).toBeVisible();
  await children.getByRole('button', { name: 'Remove Leo' }).click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(children.getByRole('heading', { level: 2 })).toHaveText(['Mia']);
});
