import type { KidProfile } from '@santa/shared/santa';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { capitalize } from '@/lib/format';
import { paths } from '@/lib/paths';

export function KidProfileCard({ profile }: { profile: KidProfile | null }) {
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
          </dl>
          <ButtonLink to={paths.setupProfile} variant="outline" size="sm" className="mt-4 self-start">
            Edit Profile
          </ButtonLink>
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
