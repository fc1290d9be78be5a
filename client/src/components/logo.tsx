import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** Santa's hat: a red cone with a white brim and pompom. Decorative. */
export function SantaHatIcon({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <path d="M10 46 C14 24 28 10 46 12 C52 13 56 20 54 28 L50 46 Z" fill="#b91c1c" />
      <path d="M46 12 C54 14 58 22 56 30" stroke="#991b1b" strokeWidth="3" fill="none" />
      <circle cx="55" cy="33" r="6" fill="#fffdf8" stroke="#e5e7eb" strokeWidth="1.5" />
      <rect x="6" y="44" width="50" height="12" rx="6" fill="#fffdf8" stroke="#e5e7eb" strokeWidth="1.5" />
    </svg>
  );
}

/** The product name with its hat, linking home. The text doubles as the site title. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to={paths.landing}
      className={`inline-flex min-h-tap items-center gap-2 rounded-lg font-display text-xl font-semibold sm:text-2xl text-santa-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink ${className}`}
    >
      <SantaHatIcon className="h-7 w-7 shrink-0 max-[380px]:hidden sm:h-8 sm:w-8" />
      <span>Santa Calls</span>
    </Link>
  );
}
