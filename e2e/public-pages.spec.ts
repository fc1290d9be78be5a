import { expect, test } from '@playwright/test';
import { signUpViaUi } from './helpers';

const PAGES = [
  { path: '/', name: 'landing', heading: 'A magical phone call from Santa', title: /^Santa Calls$/ },
  {
    path: '/pricing',
    name: 'pricing',
    heading: 'Choose Your Magical Plan',
    title: /^Pricing — Santa Calls$/,
  },
  { path: '/auth', name: 'auth', heading: 'Welcome Back', title: /^Sign in — Santa Calls$/ },
] as const;

const WIDTHS = [390, 1280] as const;

test.describe('Public pages', () => {
  test.describe('before any script runs', () => {
    test.use({ javaScriptEnabled: false });

    for (const page of PAGES) {
      test(`${page.path} arrives as HTML with its text, title, description and link-preview tags`, async ({
        page: browser,
      }) => {
        await browser.goto(page.path);
        await expect(browser.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
        await expect(browser).toHaveTitle(page.title);
        const description = browser.locator('meta[name="description"]');
        await expect(description).toHaveCount(1);
        expect((await description.getAttribute('content'))?.length).toBeGreaterThan(50);
        await expect(browser.locator('meta[property="og:title"]')).toHaveAttribute('content', page.title);
        await expect(browser.locator('meta[property="og:url"]')).toHaveAttribute(
          'content',
          new RegExp(`^http://localhost:\\d+${page.path}$`),
        );
      });
    }

    test('a signed-in route still arrives as the empty app shell', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.locator('#root')).toBeEmpty();
    });
  });

  test('the safety, privacy and terms pages each name themselves in the tab', async ({ page }) => {
    for (const [path, title] of [
      ['/santa-safety', 'How Santa keeps calls safe · Santa Calls'],
      ['/privacy', 'Privacy notice · Santa Calls'],
      ['/terms', 'Terms of use · Santa Calls'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('each Santa greets the child by the name the parent types', async ({ page }) => {
    await page.goto('/');
    const santas = page.getByRole('region', { name: 'Choose the Santa who calls' });
    for (const style of ['Traditional', 'Modern', 'Mixed']) {
      await expect(santas.getByRole('heading', { name: style })).toBeVisible();
    }
    await expect(santas.getByText('Merry Christmas, Olivia!')).toHaveCount(3);
    await santas.getByLabel('Your child’s first name').fill('Mateo');
    await expect(santas.getByText('Merry Christmas, Mateo!')).toHaveCount(3);
  });

  test('the landing page downloads neither the query cache, zod, the toasts nor any admin code', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /\/(query|schemas|notifications|admin)[-.]/.test(path))).toEqual([]);
  });

  test('a parent’s dashboard downloads no admin code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signUpViaUi(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/admin[-.]/.test(path))).toEqual([]);
  });

  for (const width of WIDTHS) {
    test(`screenshots of /, /pricing and /auth at ${width} px`, async ({ page }) => {
      // Three full-page captures: slow on a busy machine.
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      for (const { path, name, heading } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `test-results/screenshots/public-${name}-${width}.png`,
          fullPage: true,
        });
      }
    });
  }
});
