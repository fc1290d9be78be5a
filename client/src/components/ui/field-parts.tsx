/** The shared pieces under a field: its hint, its inline error, and (with a limit) its counter. */

export const fieldInputClasses = (invalid: boolean) =>
  `rounded-xl border bg-white px-4 py-2.5 text-base text-ink placeholder:text-gray-500 focus-visible:outline-2 focus-visible:outline-offset-1 disabled:bg-gray-100 ${
    invalid
      ? 'border-santa-700 focus:border-santa-700 focus-visible:outline-santa-700'
      : 'border-gray-300 focus:border-santa-600 focus-visible:outline-santa-600'
  }`;

/** The ids a field's input is described by: its error first, so a screen reader says it first. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-semibold text-santa-700">
      <span aria-hidden="true">!</span>
      {message}
    </p>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: string }) {
  if (!hint) return null;
  return (
    <p id={id} className="text-sm text-gray-600">
      {hint}
    </p>
  );
}

/** "120 / 1,000", turning red in the last tenth so the limit is seen before it is reached. */
export function FieldCounter({ id, length, limit }: { id: string; length: number; limit: number }) {
  const near = length > limit * 0.9;
  return (
    <p
      id={id}
      className={`text-right text-sm tabular-nums ${near ? 'font-semibold text-santa-700' : 'text-gray-600'}`}
    >
      <span className="sr-only">Characters used: </span>
      {length.toLocaleString('en-US')} / {limit.toLocaleString('en-US')}
    </p>
  );
}

/**
 * The notice for a change that would not fit: shown, never cut silently, so a parent who pasted a
 * long note knows nothing was added and can shorten it first.
 */
export function overLimitMessage(attempted: number, limit: number): string {
  return `That would make ${attempted.toLocaleString('en-US')} characters; this box holds ${limit.toLocaleString('en-US')}. Nothing was added — shorten it and try again.`;
}
