import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { KidProfileForm } from './kid-profile-form';

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-5" role="status" aria-label="Loading profile">
      <SkeletonBlock className="h-12 w-full" />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <SkeletonBlock className="h-12 w-full" />
        <SkeletonBlock className="h-12 w-full" />
      </div>
      <SkeletonBlock className="h-28 w-full" />
      <SkeletonBlock className="h-40 w-full" />
    </div>
  );
}

export function SetupProfilePage() {
  const kidProfile = useKidProfile();
  const profile = kidProfile.data?.has_profile ? (kidProfile.data.profile ?? null) : null;

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={paths.dashboard}
        className="inline-flex min-h-tap items-center gap-1 rounded font-semibold text-santa-700 hover:text-santa-800"
      >
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-4 font-display text-3xl font-bold text-santa-700 sm:text-4xl">
        {profile ? "Edit Your Child's Profile" : 'Tell Santa About Your Child'}
      </h1>
      <p className="mt-2 text-gray-700">
        Santa uses these details to greet your child by name and make the call feel truly personal. Only the
        phone number and name are required.
      </p>
      <Card className="mt-6">
        {kidProfile.isPending ? (
          <FormSkeleton />
        ) : kidProfile.isError ? (
          <div role="alert" className="flex flex-col gap-3">
            <p className="text-gray-700">We could not load your profile.</p>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => void kidProfile.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : (
          <KidProfileForm key={profile?.updated_at ?? 'new'} profile={profile} />
        )}
      </Card>
    </main>
  );
}
