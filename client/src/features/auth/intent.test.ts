import { expect, test } from 'vitest';
import { afterSignInPath } from './intent';

const parent = { is_admin: false };
const code = 'aB3_-x'.repeat(7).slice(0, 43);

test('a gift recipient who left the redeem page to sign up comes back to it', () => {
  expect(afterSignInPath(parent, null, `?gift=${code}&mode=signup`)).toBe(`/gift/${code}`);
});

test('anything but a gift code in the address is ignored, and sign-in lands on the dashboard', () => {
  expect(afterSignInPath(parent, null, '?gift=//evil.example/x')).toBe('/dashboard');
  expect(afterSignInPath(parent, null, '')).toBe('/dashboard');
});

test('the admin still lands in the admin panel', () => {
  expect(afterSignInPath({ is_admin: true }, null, `?gift=${code}`)).toBe('/admin');
});

test('someone invited to listen who left the invitation to sign up comes back to it', () => {
  expect(afterSignInPath(parent, null, '?listen=1&mode=signup')).toBe('/listen');
  expect(afterSignInPath(parent, null, '?listen=evil')).toBe('/dashboard');
});
