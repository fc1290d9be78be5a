import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { SantaHatIcon } from './logo';

/** The footer of public pages; its copyright year is the visitor's current year. */
export function SiteFooter() {
  return (
    <footer className="border-t border-white/10 bg-night-800 text-frost">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-gutter py-10 text-center sm:px-6">
        <p className="inline-flex items-center gap-2 font-display text-xl font-semibold text-white">
          <SantaHatIcon className="h-7 w-7" />
          Santa Calls
        </p>
        <p className="text-sm">Bringing the magic of Christmas to every family, one call at a time.</p>
        <nav aria-label="About Santa Calls" className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
          <Link
            to={paths.santaSafety}
            className="inline-flex min-h-tap items-center font-semibold text-white underline underline-offset-4"
          >
            What Santa will and won&rsquo;t talk about
          </Link>
          <Link
            to={paths.privacy}
            className="inline-flex min-h-tap items-center font-semibold text-white underline underline-offset-4"
          >
            Privacy notice
          </Link>
          <Link
            to={paths.terms}
            className="inline-flex min-h-tap items-center font-semibold text-white underline underline-offset-4"
          >
            Terms of use
          </Link>
        </nav>
        <p className="text-sm">© {new Date().getFullYear()} Santa Calls. All rights reserved.</p>
      </div>
    </footer>
  );
}
