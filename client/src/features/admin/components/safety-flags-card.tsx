import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { useSafetyFlags } from '../api/safety-flags';

/** How the script and the fixed rules fare on real calls: counts per reason, never the words. */
export function SafetyFlagsCard() {
  const flags = useSafetyFlags();
  return (
    <Card className="mt-6 flex flex-col gap-3">
      <div>
        <h2 className="font-display text-2xl font-bold text-ink">Call safety flags</h2>
        <p className="mt-1 text-gray-700">
          Calls the safety read after each call noted, per reason. What was said stays with each family.
        </p>
      </div>
      {flags.isPending ? (
        <SkeletonBlock className="h-24" />
      ) : flags.isError ? (
        <p className="text-santa-700">Failed to load the safety flags</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {flags.data.flagged_calls} of {flags.data.reviewed_calls} calls read were flagged.
          </p>
          {flags.data.reasons.length > 0 ? (
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-gray-200">
                  <th scope="col" className="py-2 font-semibold">
                    Reason
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    Calls
                  </th>
                </tr>
              </thead>
              <tbody>
                {flags.data.reasons.map((row) => (
                  <tr key={row.reason} className="border-b border-gray-100">
                    <td className="py-2">{row.label}</td>
                    <td className="py-2 text-right tabular-nums">{row.calls}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      )}
    </Card>
  );
}
