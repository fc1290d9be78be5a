import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteFooter } from '@/components/site-footer';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The frame of the privacy notice and the terms: a readable column, the site's footer. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-snow">
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-10 px-4 py-10 sm:px-6">
        <header className="flex flex-col gap-3">
          <p>
            <Link
              to={paths.landing}
              className="inline-flex min-h-tap items-center font-semibold text-santa-700 underline underline-offset-4"
            >
              Santa Calls
            </Link>
          </p>
          <h1 className="font-display text-4xl font-bold text-ink">{title}</h1>
          <div className="text-lg text-gray-700">{intro}</div>
        </header>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 text-gray-700">
      <h2 className="font-display text-2xl font-bold text-santa-800">{title}</h2>
      {children}
    </section>
  );
}

export const linkClass = 'font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800';
