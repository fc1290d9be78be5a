import type { Child } from '@santa/shared/children';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetUsualCaller } from '../../api/children-actions';

const NOBODY = '';

/**
 * Who usually calls from the family's phones: Santa greets them by name. "Ask who is speaking"
 * is the default for a family of several children.
 */
export function UsualCallerField({
  family,
  usualCallerId,
}: {
  family: Child[];
  usualCallerId: string | null;
}) {
  const setUsualCaller = useSetUsualCaller();
  return (
    <Card className="mt-6 flex flex-col gap-2">
      <label htmlFor="usual-caller" className="font-display text-xl font-bold text-ink">
        Who usually calls?
      </label>
      <p id="usual-caller-hint" className="text-gray-700">
        Santa greets this child by name when your phone calls. If another child answers to it, he talks to
        them instead.
      </p>
      <select
        id="usual-caller"
        aria-describedby="usual-caller-hint"
        className="min-h-11 rounded-xl border border-gray-300 bg-white px-3 text-ink sm:max-w-xs"
        value={usualCallerId ?? NOBODY}
        disabled={setUsualCaller.isPending}
        onChange={(event) =>
          setUsualCaller.mutate(event.target.value || null, {
            onSuccess: () => toast.success('Santa knows who usually calls'),
            onError: (error) => toast.error(errorMessage(error, 'We could not save that')),
          })
        }
      >
        <option value={NOBODY}>Nobody in particular: Santa asks who is speaking</option>
        {family.map((child) => (
          <option key={child.id} value={child.id}>
            {child.kid_name}
          </option>
        ))}
      </select>
    </Card>
  );
}
