import type { AdminCoupon } from '@santa/shared/admin';
import { Button } from '@/components/ui/button';
import { couponUsedBy, discountTypeLabel, formatDate } from './format-admin';

interface CouponsProps {
  coupons: AdminCoupon[];
  onCopy: (code: string) => void;
}

function StatusBadge({ used }: { used: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        used ? 'bg-gray-200 text-gray-700' : 'bg-pine-50 text-pine-700'
      }`}
    >
      {used ? 'Used' : 'Available'}
    </span>
  );
}

function UsedBy({ coupon }: { coupon: AdminCoupon }) {
  if (!coupon.used) return <span className="text-gray-400">—</span>;
  return couponUsedBy(coupon).map((line) => (
    <span key={line} className="block [overflow-wrap:anywhere]">
      {line}
    </span>
  ));
}

function CopyButton({ code, onCopy }: { code: string; onCopy: (code: string) => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={() => onCopy(code)} aria-label={`Copy ${code}`}>
      Copy
    </Button>
  );
}

const HEADINGS = ['Code', 'Discount', 'Type', 'Status', 'Used by', 'Created'];

/** From a tablet's width up: one row per coupon. */
export function CouponTable({ coupons, onCopy }: CouponsProps) {
  return (
    <div className="relative hidden overflow-x-auto md:block">
      <table className="w-full min-w-[680px] text-left text-sm">
        <thead className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-500">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-3">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2">
              Copy
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {coupons.map((coupon) => (
            <tr key={coupon.id} data-testid={`coupon-row-${coupon.code}`}>
              <td className="py-2 pr-3 font-mono font-semibold text-ink">{coupon.code}</td>
              <td className="py-2 pr-3">{coupon.discount_percent}%</td>
              <td className="py-2 pr-3">{discountTypeLabel(coupon.discount_type)}</td>
              <td className="py-2 pr-3">
                <StatusBadge used={coupon.used} />
              </td>
              <td className="py-2 pr-3 text-gray-700">
                <UsedBy coupon={coupon} />
              </td>
              <td className="py-2 pr-3 text-gray-600">{formatDate(coupon.created_at)}</td>
              <td className="py-2 text-right">
                <CopyButton code={coupon.code} onCopy={onCopy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone a table this wide would hide who used a code off-screen, so each coupon is a card. */
export function CouponCards({ coupons, onCopy }: CouponsProps) {
  return (
    <ul aria-label="Coupons" className="flex flex-col divide-y divide-gray-100 md:hidden">
      {coupons.map((coupon) => (
        <li key={coupon.id} data-testid={`coupon-card-${coupon.code}`} className="flex flex-col gap-1 py-3">
          <div className="flex items-center justify-between gap-2">
            <span className="font-mono font-semibold text-ink">{coupon.code}</span>
            <CopyButton code={coupon.code} onCopy={onCopy} />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <span>
              {coupon.discount_percent}% · {discountTypeLabel(coupon.discount_type)}
            </span>
            <StatusBadge used={coupon.used} />
            <span className="text-gray-600">{formatDate(coupon.created_at)}</span>
          </div>
          {coupon.used ? (
            <div className="text-sm text-gray-700">
              <span className="font-semibold">Used by </span>
              <UsedBy coupon={coupon} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
