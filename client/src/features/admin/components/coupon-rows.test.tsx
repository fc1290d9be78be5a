import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { AdminCoupon } from '@santa/shared/admin';
import { CouponCards, CouponTable } from './coupon-rows';

const coupons: AdminCoupon[] = [
  {
    id: 'c1',
    code: 'SNOWFLAKE7',
    discount_percent: 50,
    discount_type: 'forever',
    used: true,
    used_by: [{ email: 'ana@example.com', uses: 1 }],
    created_at: '2026-11-02T10:00:00.000Z',
  },
  {
    id: 'c2',
    code: 'REINDEER42',
    discount_percent: 25,
    discount_type: 'first_month',
    used: false,
    used_by: [],
    created_at: '2026-11-03T10:00:00.000Z',
  },
];

const cardOf = (html: string, code: string) =>
  html.split(`data-testid="coupon-card-${code}"`)[1]!.split('</li>')[0]!;

test('the coupon table has a Used by column naming the account and its uses', () => {
  const html = renderToStaticMarkup(<CouponTable coupons={coupons} onCopy={() => {}} />);
  expect(html).toContain('>Used by</th>');
  expect(html).toContain('ana@example.com · 1 use');
});

test('on a phone each coupon is a card that says who used it, and nobody for an unused one', () => {
  const html = renderToStaticMarkup(<CouponCards coupons={coupons} onCopy={() => {}} />);
  expect(cardOf(html, 'SNOWFLAKE7')).toContain('ana@example.com · 1 use');
  expect(cardOf(html, 'REINDEER42')).not.toContain('Used by');
});
