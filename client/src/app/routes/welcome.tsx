import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/page-spinner';
import { FirstRunPage } from '@/features/profile/components/first-run/first-run-page';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it): the guided first run. */
export function WelcomeRoute() {
  return (
    <SignedInPage title="Set up your call with Santa">{(user) => <FirstRun userId={user.id} />}</SignedInPage>
  );
}

function FirstRun({ userId }: { userId: string }) {
  const kidProfile = useKidProfile();
  if (kidProfile.isPending) return <PageSpinner />;
  if (kidProfile.isError) {
    return (
      <main className="mx-auto flex max-w-xl flex-col items-start gap-3 px-4 py-16" role="alert">
        <p className="text-gray-800">We could not load your child's profile.</p>
        <Button variant="outline" className="min-h-11" onClick={() => void kidProfile.refetch()}>
          Try again
        </Button>
      </main>
    );
  }
  const profile = kidProfile.data.has_profile ? (kidProfile.data.profile ?? null) : null;
  return <FirstRunPage userId={userId} profile={profile} />;
}
