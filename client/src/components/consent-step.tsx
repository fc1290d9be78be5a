import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useAgreeToNotice } from '@/lib/queries/privacy-consent';

const linkClass = 'font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800';

/**
 * Before a call: the family has not agreed to the current notice (it changed, or they never did),
 * so the Santa number stays hidden and a call is answered with a kind message until they agree.
 */
export function ConsentStep({ changed }: { changed: boolean }) {
  const agree = useAgreeToNotice();
  const [ticked, setTicked] = useState(false);
  return (
    <Card className="flex flex-col gap-4 border-gold-400" role="region" aria-label="Privacy notice">
      <h2 className="font-display text-2xl font-bold text-santa-800">
        {changed ? 'Our privacy notice has changed' : 'One step before your child calls Santa'}
      </h2>
      <p className="text-gray-700">
        Calls with Santa are recorded and transcribed, and go through the services listed in our privacy
        notice (telephony, Santa&apos;s voice, summaries and the safety read). Please read it and agree before
        your child&apos;s next call. Until then, your Santa number stays hidden and a call is answered with a
        kind message, with nothing recorded.
      </p>
      <p>
        <Link to={paths.privacy} className={linkClass} target="_blank">
          Read the privacy notice
        </Link>{' '}
        ·{' '}
        <Link to={paths.terms} className={linkClass} target="_blank">
          Terms of use
        </Link>
      </p>
      <ConsentCheckbox checked={ticked} onChange={setTicked} />
      <Button
        className="self-start"
        disabled={!ticked || agree.isPending}
        onClick={() =>
          agree.mutate(undefined, {
            onSuccess: () => toast.success('Thank you! Your child can call Santa.'),
            onError: (error) => toast.error(errorMessage(error, 'Could not save your agreement')),
          })
        }
      >
        {agree.isPending ? 'Saving...' : 'I agree'}
      </Button>
    </Card>
  );
}
