import { useId, useState } from 'react';
import { Button } from '@/components/button';

/** Spec §5: forced to uppercase and trimmed; the caller sends it only when non-empty. */
export function normaliseCoupon(value: string): string {
  return value.toUpperCase().trim();
}

export function CouponField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [isOpen, setIsOpen] = useState(value !== '');
  const inputId = useId();
  const panelId = useId();

  return (
    <div className="mx-auto w-full max-w-md text-center">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="rounded font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
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
              className="min-w-0 flex-1 rounded-xl border border-gray-300 bg-white px-4 py-2.5 font-mono uppercase tracking-wider text-ink placeholder:text-gray-500 focus:border-santa-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-santa-600"
            />
            <Button variant="outline" onClick={() => onChange('')} disabled={value === ''}>
              Clear
            </Button>
          </div>
          {value ? (
            <p className="text-sm text-pine-700" aria-live="polite">
              Code {value} will be applied at checkout.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
