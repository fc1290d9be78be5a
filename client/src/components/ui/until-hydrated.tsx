import { useSyncExternalStore, type ReactNode } from 'react';

const noChange = () => () => {};

/**
 * Controls that are inert until React has taken over the prerendered page: a click before then
 * would do nothing, and a form would submit natively (a sign-in's password into the URL).
 * Rendered by the browser alone (not hydrating), they are enabled from the start.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
