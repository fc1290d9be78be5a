import { useEffect, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies Santa's number to the clipboard, saying "Copied" for a moment where the parent looks. */
export function CopyNumberButton({ number }: { number: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(number);
      setState('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): say so rather than pretend.
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" onClick={() => void copy()} className={ACTION_CLASSES}>
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        {state === 'copied' ? 'Copied' : 'Copy number'}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {state === 'copied' ? `Copied ${number}` : ''}
      </span>
      {state === 'failed' ? (
        <span role="alert" className="text-sm text-santa-50">
          Copying is blocked here: select the number and copy it.
        </span>
      ) : null}
    </>
  );
}

/** The card's actions: white on Santa red, 44 px tall. */
export const ACTION_CLASSES =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-white px-3 py-2.5 text-sm font-semibold sm:px-5 sm:text-base text-santa-700 shadow-sm transition-colors hover:bg-santa-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'h-5 w-5',
  'aria-hidden': true,
  focusable: false,
} as const;

function CopyIcon() {
  return (
    <svg {...iconProps}>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg {...iconProps}>
      <path d="m5 12 5 5L20 7" />
    </svg>
  );
}

export function ContactIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
      <path d="M19 3v4M17 5h4" />
    </svg>
  );
}

export function PhoneIcon() {
  return (
    <svg {...iconProps}>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}
