import { expect, test } from '@playwright/test';
import { passFamilyAfterACall, screenshotsAt390And1280 } from './pass-family';
import { AFTER_RELOAD, reloadUntil } from './helpers';

test('after a call the parent sees what Santa remembers, corrects a point, makes him forget one and clears the rest', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await passFamilyAfterACall(page, {
    parentName: 'Ivy Parent',
    kidName: 'Robin',
    lines: [
      'Our puppy Biscut learned to sit!',
      'I promise to help with the dishes.',
      'I would love a telescope please.',
    ],
  });

  // The memory is written with the call's recap, by a job after the call is stored.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'What Santa remembers' });
  await reloadUntil(page, () =>
    expect(card.getByRole('listitem').filter({ hasText: 'Our puppy Biscut learned to sit!' })).toBeVisible(
      AFTER_RELOAD,
    ),
  );
  await expect(card.getByRole('region', { name: 'Promises' })).toContainText(
    'I promise to help with the dishes.',
  );
  await expect(card.getByRole('region', { name: 'Wishes' })).toContainText(
    'I would love a telescope please.',
  );
  await card.scrollIntoViewIfNeeded();
  await screenshotsAt390And1280(page, 'santa-memory');

  // A misheard name, put right.
  await card.getByRole('button', { name: 'Edit “Our puppy Biscut learned to sit!”' }).click();
  await card.getByLabel('What Santa should remember').fill('Our puppy Biscuit learned to sit!');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Santa will remember it that way.')).toBeVisible();
  const corrected = card.getByRole('listitem').filter({ hasText: 'Our puppy Biscuit learned to sit!' });
  await expect(corrected).toContainText('corrected by you');

  await card.getByRole('button', { name: 'Forget “I would love a telescope please.”' }).click();
  await expect(page.getByText('Santa has forgotten that.')).toBeVisible();
  await expect(card.getByRole('region', { name: 'Wishes' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Clear Santa’s memory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear Santa’s memory?' });
  await expect(dialog).toContainText('Santa will forget everything Robin told him');
  await screenshotsAt390And1280(page, 'santa-memory-clear');
  await dialog.getByRole('button', { name: 'Clear it' }).click();
  await expect(
    page.getByText("Santa's memory is cleared. He will start afresh on the next call."),
  ).toBeVisible();
  await expect(card).toContainText('After each call, Santa keeps Robin’s wishes, news and promises here');
  await expect(card.getByRole('listitem')).toHaveCount(0);
});
