import { useId, useState } from 'react';
import { discountLabel } from '@santa/shared/billing-terms';
import { Button } from '@/components/ui/button';
import type { CouponCheck } from '../api/coupon-preview';

/** Spec §5: forced to uppercase and trimmed; the caller sends it only when non-empty. */
export function normaliseCoupon(value: string): string {
  return value.toUpperCase().trim();
}

/** What the code will do, or why it cannot be used: never a promise before the server has said so. */
function CheckMessage({ check, id }: { check: CouponCheck; id: string }) {
  if (check.state === 'empty') return null;
  if (check.state === 'checking')
    return (
      <p id={id} className="text-sm text-gray-600" aria-live="polite">
        Checking code…
      </p>
    );
  if (check.state === 'invalid')
    return (
      <p id={id} role="alert" className="text-sm font-semibold text-santa-700">
        {check.message}
      </p>
    );
  const { preview } = check;
  return (
    <p id={id} className="text-sm text-ink" aria-live="polite">
      <span className="font-mono font-semibold">{preview.code}</span>:{' '}
      {discountLabel({ percent: preview.discount_percent, type: preview.discount_type })}. The prices below
      include it.
    </p>
  );
}

export function CouponField({
  value,
  onChange,
  check,
}: {
  value: string;
  onChange: (value: string) => void;
  check: CouponCheck;
}) {
  const [isOpen, setIsOpen] = useState(value !== '');
  const inputId = useId();
  const panelId = useId();
  const messageId = useId();

  return (
    <div className="mx-auto w-full max-w-md text-center">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-tap items-center rounded font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
      >
        Have a coupon code?
      </button>
      {isOpen ? (
        <div id={panelId} className="mt-3 flex flex-col gap-2 text-left">
          <label htmlFor={inputId} className="text-sm font-semibold text-ink">
            Coupon code
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              value={value}
              onChange={(event) => onChange(normaliseCoupon(event.target.value))}
              placeholder="ENTER CODE"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={check.state === 'invalid'}
              aria-describedby={check.state === 'empty' ? undefined : messageId}
              className={`min-w-0 flex-1 rounded-xl border bg-white px-4 py-2.5 font-mono uppercase tracking-wider text-ink placeholder:text-gray-500 focus:border-santa-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-santa-600 ${
                check.state === 'invalid' ? 'border-santa-600' : 'border-gray-300'
              }`}
            />
            <Button variant="outline" onClick={() => onChange('')} disabled={value === ''}>
              Clear
            </Button>
          </div>
          <CheckMessage check={check} id={messageId} />
        </div>
      ) : null}
    </div>
  );
}
