import { expect, test } from 'vitest';
import { couponUsedBy } from './format-admin';

test('a used coupon names the account that used it, with how many uses', () => {
  expect(couponUsedBy({ used: true, used_by: [{ email: 'ana@example.com', uses: 1 }] })).toEqual([
    'ana@example.com · 1 use',
  ]);
  expect(
    couponUsedBy({
      used: true,
      used_by: [
        { email: 'ana@example.com', uses: 2 },
        { email: 'ben@example.com', uses: 1 },
      ],
    }),
  ).toEqual(['ana@example.com · 2 uses', 'ben@example.com · 1 use']);
});

test('a coupon whose account was deleted says so; an unused one names nobody', () => {
  expect(couponUsedBy({ used: true, used_by: [] })).toEqual(['a deleted account']);
  expect(couponUsedBy({ used: false, used_by: [] })).toEqual([]);
});
