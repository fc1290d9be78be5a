import type { HTMLAttributes } from 'react';

/** A white rounded panel with a soft shadow: the surface most screens are built from. */
export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl border border-santa-100 bg-white p-6 shadow-lg shadow-santa-900/5 ${className}`}
      {...rest}
    />
  );
}
