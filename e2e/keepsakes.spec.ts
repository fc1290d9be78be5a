import { expect, test } from '@playwright/test';
import { passFamilyAfterACall, screenshotsAt390And1280 as screenshots } from './pass-family';
import { AFTER_RELOAD, reloadUntil } from './helpers';

/** A family on a pass (recordings included) whose child has called Santa and said a wish. */
const familyAfterACall = (page: Parameters<typeof passFamilyAfterACall>[0]) =>
  passFamilyAfterACall(page, {
    parentName: 'Holly Parent',
    kidName: 'Noel',
    lines: ['I would love a red bike with a bell for Christmas!'],
  });

test('a parent shares a call by a link, a listener opens it signed out, and the parent revokes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await familyAfterACall(page);

  // The recap is written by a job after the call is stored.
  await page.goto('/calls');
  const call = page.locator('li').filter({ hasText: 'Completed' });
  await reloadUntil(page, () =>
    expect(call.getByRole('region', { name: 'What Noel told Santa' })).toBeVisible(AFTER_RELOAD),
  );
  await expect(call.getByRole('link', { name: 'Nice List certificate' })).toBeVisible();

  await call.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this call' });
  await expect(dialog).toContainText('and hear the recording');
  await dialog.getByText('7 days').click();
  await screenshots(page, 'keepsake-share-dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const address = dialog.getByRole('textbox', { name: /Your link, working until/ });
  await expect(address).toHaveValue(/\/keepsake\/[A-Za-z0-9_-]{43}$/);
  const url = await address.inputValue();
  await expect(dialog.getByRole('button', { name: /^Revoke/ })).toHaveCount(1);
  await screenshots(page, 'keepsake-link-created');

  // Someone the family sent it to: another browser, no account.
  const listenerContext = await browser.newContext();
  const listener = await listenerContext.newPage();
  const opened = await listener.goto(url);
  // The address is the family's secret: no cache keeps the page, no search engine lists it.
  expect(opened!.headers()['cache-control']).toBe('no-store');
  expect(opened!.headers()['x-robots-tag']).toContain('noindex');
  await expect(listener.getByRole('heading', { level: 1, name: 'Noel’s call with Santa' })).toBeVisible();
  await expect(listener.getByRole('region', { name: 'What Noel told Santa' })).toContainText('a red bike');
  await expect(listener.locator('audio')).toHaveCount(1);
  await expect(listener.getByText('Holly Parent')).toHaveCount(0);
  await expect(listener.getByText(/\+1 415/)).toHaveCount(0);
  const download = listener.waitForEvent('download');
  await listener.getByRole('link', { name: 'Download the Nice List certificate' }).click();
  expect((await download).suggestedFilename()).toBe('nice-list-certificate-noel.pdf');
  await screenshots(listener, 'keepsake-page');

  await dialog.getByRole('button', { name: /^Revoke/ }).click();
  await expect(dialog.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await expect(page.getByText('The link is turned off.')).toBeVisible();

  await listener.reload();
  await expect(listener.getByRole('heading', { level: 1, name: 'This keepsake has ended' })).toBeVisible();
  await expect(listener.getByText('expired or was turned off')).toBeVisible();
  await screenshots(listener, 'keepsake-ended');
  await listenerContext.close();
});
