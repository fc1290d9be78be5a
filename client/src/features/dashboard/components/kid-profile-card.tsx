import type { KidProfile } from '@santa/shared/santa';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { capitalize } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * The first child's profile, the family's other children by name, and the way to each: the
 * profile's form, and "Your children" for brothers and sisters.
 */
export function KidProfileCard({
  profile,
  otherChildren = [],
}: {
  profile: KidProfile | null;
  otherChildren?: string[];
}) {
  return (
    <Card className="flex flex-col">
      <h2 id="kid-profile-heading" className="text-sm font-semibold tracking-wide text-gray-600 uppercase">
        Kid Profile
      </h2>
      {profile ? (
        <>
          <p className="mt-2 font-display text-2xl font-bold text-santa-700">{profile.kid_name}</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-gray-700">
            <dt>Age:</dt>
            <dd className="font-semibold">{profile.age ?? 'Not given'}</dd>
            <dt>Santa style:</dt>
            <dd className="font-semibold">{capitalize(profile.santa_personality)}</dd>
            {otherChildren.length > 0 ? (
              <>
                <dt>Also:</dt>
                <dd className="font-semibold">{otherChildren.join(', ')}</dd>
              </>
            ) : null}
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to={paths.setupProfile} variant="outline" size="sm">
              Edit Profile
            </ButtonLink>
            <ButtonLink to={paths.children} variant="ghost" size="sm">
              {otherChildren.length > 0 ? 'Your Children' : 'Add a Child'}
            </ButtonLink>
            <ButtonLink to={paths.santaCalls} variant="ghost" size="sm">
              Santa Calls Your Child
            </ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-gray-700">No profile yet.</p>
          <ButtonLink to={paths.setupProfile} size="sm" className="mt-4 self-start">
            Create Profile
          </ButtonLink>
        </>
      )}
    </Card>
  );
}
