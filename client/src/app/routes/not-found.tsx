import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function NotFoundRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-display text-3xl text-santa-700">This page is lost in the snow</h1>
      <Link
        className="rounded-full bg-santa-600 px-5 py-2 font-semibold text-white hover:bg-santa-700"
        to={paths.landing}
      >
        Back to the start
      </Link>
    </main>
  );
}
