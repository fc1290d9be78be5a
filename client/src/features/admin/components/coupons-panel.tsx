import { useEffect, useRef, useState } from 'react';
import { COUPON_PERCENTS, DISCOUNT_TYPES, type DiscountType } from '@santa/shared/constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { useCoupons, useGenerateCoupon } from '../api/coupons';
import { CouponCards, CouponTable } from './coupon-rows';
import { discountTypeLabel } from './format-admin';

const MESSAGE_MS = 3000;
type Status = { tone: 'ok' | 'error'; text: string } | null;

/** Coupons & Gifts: the generator's six presets and every coupon with its state. */
export function CouponsPanel() {
  const coupons = useCoupons();
  const generate = useGenerateCoupon();
  const [status, setStatus] = useState<Status>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: Status, clearAfterMs?: number) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (clearAfterMs) timer.current = setTimeout(() => setStatus(null), clearAfterMs);
  };

  const onGenerate = (percent: number, type: DiscountType) =>
    generate.mutate(
      { percent, type },
      {
        onSuccess: (coupon) => show({ tone: 'ok', text: `Coupon generated: ${coupon.code}` }),
        onError: () => show({ tone: 'error', text: 'Error: Failed to generate coupon' }),
      },
    );

  const onCopy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      show({ tone: 'ok', text: 'Coupon code copied to clipboard!' }, MESSAGE_MS);
    } catch {
      show({ tone: 'error', text: 'Could not copy. Select the code and copy it by hand.' }, MESSAGE_MS);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-4">
        <div>
          <h2 className="font-display text-2xl font-bold text-ink">Coupon Generator</h2>
          <p className="mt-1 text-gray-700">
            Each coupon is single-use. First Month discounts the first payment only.
          </p>
        </div>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {COUPON_PERCENTS.flatMap((percent) =>
            DISCOUNT_TYPES.map((type) => (
              <Button
                key={`${percent}-${type}`}
                variant={type === 'forever' ? 'secondary' : 'outline'}
                disabled={generate.isPending}
                onClick={() => onGenerate(percent, type)}
              >
                {percent}% {discountTypeLabel(type)}
              </Button>
            )),
          )}
        </div>
        <p
          role={status?.tone === 'error' ? 'alert' : 'status'}
          className={`min-h-6 font-semibold ${status?.tone === 'error' ? 'text-santa-700' : 'text-pine-700'}`}
        >
          {status?.text ?? ''}
        </p>
      </Card>

      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <h2 className="font-display text-2xl font-bold text-ink">Coupons</h2>
        {coupons.isPending ? (
          <SkeletonBlock className="h-40" />
        ) : coupons.isError ? (
          <p className="text-santa-700">Failed to load coupons</p>
        ) : coupons.data.length === 0 ? (
          <p className="text-gray-600">No coupons yet. Generate one above.</p>
        ) : (
          <>
            <CouponTable coupons={coupons.data} onCopy={(code) => void onCopy(code)} />
            <CouponCards coupons={coupons.data} onCopy={(code) => void onCopy(code)} />
          </>
        )}
      </Card>
    </div>
  );
}
