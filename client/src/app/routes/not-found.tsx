import { ButtonLink } from '@/components/ui/button';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { SantaHatIcon } from '@/components/logo';
import { useUser } from '@/features/auth/api/get-me';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SignedInHeader } from '../signed-in-header';

/** Any unknown address: the site's own header and footer, and a way back for whoever is here. */
export function NotFoundRoute() {
  const { data: user } = useUser();
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-screen flex-col bg-snow">
      {user ? (
        <SignedInHeader user={user} />
      ) : (
        <SiteHeader>
          <ButtonLink to={paths.auth} variant="ghost" size="sm" className="min-h-11">
            Sign In
          </ButtonLink>
        </SiteHeader>
      )}
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <SantaHatIcon className="h-20 w-20" />
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">
          This page is lost in the snow
        </h1>
        <p className="text-gray-700">
          The address may be mistyped, or the page has moved. The elves looked everywhere.
        </p>
        <ButtonLink to={user ? paths.dashboard : paths.landing} size="lg">
          {user ? 'Back to your dashboard' : 'Back to the start'}
        </ButtonLink>
      </main>
      <SiteFooter />
    </div>
  );
}
