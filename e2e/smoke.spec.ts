import { expect, test } from '@playwright/test';

test('the app is served and answers its health check', async ({ page, request }) => {
  expect((await request.get('/api/health')).ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveTitle('Santa Calls');
});
