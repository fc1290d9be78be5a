import type { ReactNode } from 'react';
import { Logo } from './logo';

/** The top bar of public pages: the logo on the left, the page's actions (children) on the right. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-santa-100 bg-snow/95 backdrop-blur">
      {/* As tall as its buttons from the first paint, so nothing moves when they arrive. */}
      <div className="mx-auto flex min-h-17 max-w-6xl items-center justify-between gap-3 px-gutter py-3 sm:px-6">
        <Logo />
        {children ? (
          <nav aria-label="Account" className="flex items-center gap-2">
            {children}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
