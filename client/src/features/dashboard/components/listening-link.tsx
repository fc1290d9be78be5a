import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';
import { useListening } from '@/lib/queries/listening';

/** For someone a family invited to listen: the way to that family's calls. */
export function ListeningLink() {
  const listening = useListening();
  const families = listening.data?.families ?? [];
  if (families.length === 0) return null;
  const names = families.map((family) => family.family_name).join(', ');
  return (
    <Card className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <p className="flex-1 text-gray-800">{names} invited you to listen to their calls with Santa.</p>
      <ButtonLink to={paths.listening} variant="outline" size="sm">
        Calls You Can Listen To
      </ButtonLink>
    </Card>
  );
}
