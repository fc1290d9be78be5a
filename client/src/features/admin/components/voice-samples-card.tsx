import { SANTA_PERSONALITIES } from '@santa/shared/constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SantaVoiceSample } from '@/components/santa-voice-sample';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRemakeVoiceSamples } from '../api/voice-samples';

/**
 * The samples families hear before paying, as they are now, and "Make voice samples" to speak
 * them again once the voice agent's voice has changed.
 */
export function VoiceSamplesCard() {
  const remake = useRemakeVoiceSamples();
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <h2 className="font-display text-2xl font-bold text-ink">Santa's voice samples</h2>
        <p className="mt-1 text-gray-700">
          What families hear on the home page, pricing and set-up before paying. They are made once with the
          voice agent's voice; make them again after changing that voice.
        </p>
      </div>
      {/* New players once the samples are made again: they fetch the new voice. */}
      <div key={remake.isSuccess ? remake.submittedAt : 0} className="grid gap-4 sm:grid-cols-3">
        {SANTA_PERSONALITIES.map((personality) => (
          <SantaVoiceSample key={personality} personality={personality} />
        ))}
      </div>
      <Button
        variant="outline"
        className="self-start"
        disabled={remake.isPending}
        onClick={() =>
          remake.mutate(undefined, {
            onSuccess: () => toast.success('Santa’s voice samples were made again.'),
            onError: (error) => toast.error(errorMessage(error, 'The voice samples could not be made.')),
          })
        }
      >
        {remake.isPending ? 'Making…' : 'Make voice samples'}
      </Button>
    </Card>
  );
}
