import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { paths } from '@/lib/paths';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { FamilyPhonesCard } from './family-phones-card';
import { ListenersCard } from './listeners-card';

/**
 * "Family & listeners": the phones Santa recognises and the people invited to hear the calls,
 * one page away from the dashboard so the dashboard can say just the next step.
 */
export function FamilyPage() {
  const kidProfile = useKidProfile();
  const profile = kidProfile.data?.has_profile ? (kidProfile.data.profile ?? null) : null;
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">Family &amp; listeners</h1>
        <p className="mt-2 text-gray-700">
          The phones Santa knows are yours, and the grandparents and family who may listen to the calls.
        </p>
      </div>
      {kidProfile.isPending ? <SkeletonBlock className="h-40 w-full rounded-2xl" /> : null}
      {kidProfile.isSuccess && !profile ? (
        <Card className="flex flex-col gap-3">
          <p className="text-gray-800">
            Tell Santa about your child first: then add your phones and listeners.
          </p>
          <ButtonLink to={paths.setupProfile} className="min-h-11 self-start">
            Set up your child
          </ButtonLink>
        </Card>
      ) : null}
      {profile ? <FamilyPhonesCard profilePhone={profile.parent_phone} /> : null}
      {profile ? <ListenersCard /> : null}
    </main>
  );
}
