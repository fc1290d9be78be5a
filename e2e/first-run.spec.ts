import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { agreeToPrivacyNotice, TEST_PASSWORD, uniqueEmail } from './helpers';

// Whole journeys on a shared machine: each step waits for the server, so allow more than the default minute.
test.describe.configure({ timeout: 240_000 });

const SHOTS = 'test-results/first-run';
mkdirSync(SHOTS, { recursive: true });

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** The first run, at one width: a screenshot of the step as the parent sees it. */
async function shot(page: Page, width: keyof typeof WIDTHS, name: string) {
  await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
}

async function codeTextedTo(page: Page, e164: string): Promise<string> {
  const res = await page.request.get(`/sandbox/phone/api/messages?to=${encodeURIComponent(e164)}`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  const { messages } = (await res.json()) as { messages: { body: string }[] };
  return /\d{6}/.exec(messages[0]!.body)![0];
}

/**
 * Two phones: a US number typed in its national format with the United States selected, and a UK
 * mobile typed with its "+" (while the United States is still selected). Not Ofcom's drama range
 * (07700 900xxx): no code is texted to a number that cannot receive one.
 */
const JOURNEYS = [
  { width: 'desktop', kid: 'Olivia', typed: '4155550142', shown: '(415) 555-0142', e164: '+14155550142' },
  { width: 'phone', kid: 'Theo', typed: '+447400900123', shown: '+44 7400 900123', e164: '+447400900123' },
] as const;

for (const journey of JOURNEYS) {
  test(`at ${WIDTHS[journey.width].width} px a new parent goes from "Start Free Sample Call" to Santa's number`, async ({
    page,
  }) => {
    const width = journey.width;
    await page.setViewportSize(WIDTHS[width]);
    const started = Date.now();

    // The sample button leads to sign-up, not sign-in, and remembers why the parent came.
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Sample Call', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup&intent=sample$/);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Your free 1-minute sample call with Santa is next')).toBeVisible();
    await shot(page, width, '0-sign-up');
    await page.getByLabel('Name').fill('Holly Parent');
    await page.getByLabel('Email').fill(uniqueEmail('first-run'));
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page).toHaveURL(/\/welcome\?intent=sample$/);
    await expect(page).toHaveTitle('Set up your call with Santa · Santa Calls');

    // Step 1: the child. A missing name is reported at the field, which gets the focus.
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    const kidName = page.getByLabel('Kid name');
    await expect(page.getByText("Enter your child's name so Santa can greet them")).toBeVisible();
    await expect(kidName).toBeFocused();
    await expect(kidName).toHaveAttribute('aria-invalid', 'true');
    await shot(page, width, '1-child-error');
    await kidName.fill(journey.kid);
    await page.getByLabel('Age (optional)').fill('7');
    await shot(page, width, '1-child');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 2: Santa's style, each greeting the child by name.
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    await expect(page.getByRole('heading', { name: `How should Santa greet ${journey.kid}?` })).toBeFocused();
    await expect(page.getByText(`Ho ho ho! Merry Christmas, ${journey.kid}!`)).toBeVisible();
    await expect(page.getByText(`Hey there, ${journey.kid}!`)).toBeVisible();
    await page.getByRole('radio', { name: /Modern/ }).check();
    await shot(page, width, '2-style');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: optional notes. A paste over the limit is refused visibly, never cut.
    await expect(page.getByText('Step 3 of 5')).toBeVisible();
    const wishList = page.getByLabel('Wish list');
    await wishList.fill('a sled '.repeat(200));
    await expect(wishList).toHaveValue('');
    await expect(page.getByText(/That would make 1,400 characters; this box holds 1,000/)).toBeVisible();
    await shot(page, width, '3-notes-refused');
    await wishList.fill('A red sled and a book about owls');
    await expect(page.getByText('32 / 1,000')).toBeVisible();
    await shot(page, width, '3-notes');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 4: the phone, with the country beside it, formatted as typed.
    await expect(page.getByText('Step 4 of 5')).toBeVisible();
    const country = page.getByLabel('Country');
    await country.selectOption('US');
    const phone = page.getByLabel('Parent phone');
    await phone.pressSequentially('41555');
    await page.getByRole('button', { name: 'Save and text me a code' }).click();
    await expect(page.getByText('Please enter a valid phone number, e.g. (415) 555-0142')).toBeVisible();
    await expect(phone).toBeFocused();
    await shot(page, width, '4-phone-error');
    await phone.fill('');
    await phone.pressSequentially(journey.typed);
    await expect(phone).toHaveValue(journey.shown);
    await shot(page, width, '4-phone');
    // The profile is created here, so the parent agrees to the privacy notice first.
    await page.getByRole('button', { name: 'Save and text me a code' }).click();
    await expect(page.getByText(/tick the box to agree before saving/)).toBeVisible();
    await agreeToPrivacyNotice(page);
    await page.getByRole('button', { name: 'Save and text me a code' }).click();
    const code = page.getByLabel('Code');
    await expect(code).toBeFocused();
    await shot(page, width, '4-phone-code');
    await code.fill(await codeTextedTo(page, journey.e164));
    await page.getByRole('button', { name: 'Verify phone' }).click();

    // Step 5: the sample asked for at the start is claimed; talking here comes first, the number after.
    await expect(page.getByText('Step 5 of 5')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Talk to Santa here' })).toHaveAttribute('href', '/talk');
    const call = page.getByRole('link', { name: 'Call Santa now' });
    await expect(call).toHaveAttribute('href', /^tel:\+\d+$/);
    await expect(page.getByText('The free sample is one 1-minute call.')).toBeVisible();
    await expect(page.getByText(`so Santa knows it is ${journey.kid}`)).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await shot(page, width, '5-call');
    // The parent's own time: the test types at machine speed, so this bounds the app's waits.
    expect(Date.now() - started, 'the first run takes under two minutes').toBeLessThan(120_000);

    // Every step saved: the profile holds each answer, the phone in E.164.
    const saved = await (await page.request.get('/api/santa/kid-profile')).json();
    expect(saved.profile).toMatchObject({
      kid_name: journey.kid,
      age: 7,
      santa_personality: 'modern',
      wish_list: 'A red sled and a book about owls',
      parent_phone: journey.e164,
    });

    // The dashboard now leads with Santa's number, under a header that reaches every page.
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveTitle('Home · Santa Calls');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Calls', 'Children', 'Santa calls', 'Family', 'Account'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Setup Required' })).toHaveCount(0);
    await expect(page.getByText('No calls yet: the recap of each call appears here.')).toBeVisible();
    await shot(page, width, '6-dashboard');
  });
}

test('a parent who reloads mid-way finds the answers kept', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Name').fill('Reload Parent');
  await page.getByLabel('Email').fill(uniqueEmail('first-run-reload'));
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Set Up Kid Profile' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByLabel('Kid name').fill('Mia');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expect(page.getByText('Ho ho ho! Merry Christmas, Mia!')).toBeVisible();
});

test('the history failing to load says so with Try again, never "No calls yet!"', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Name').fill('Error Parent');
  await page.getByLabel('Email').fill(uniqueEmail('first-run-error'));
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  let fail = true;
  await page.route('**/api/calls/history', (route) =>
    fail ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.fallback(),
  );
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'We could not load your calls' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No calls yet!')).toHaveCount(0);
  await shot(page, 'desktop', '7-history-error');
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No calls yet: the recap of each call appears here.')).toBeVisible();
});

test('an unknown address shows the 404 inside the site, with a way back', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'This page is lost in the snow' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Santa Calls');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await shot(page, 'desktop', '8-not-found');
});
