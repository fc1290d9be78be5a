import type { HotlineNumber } from '@santa/shared/santa';
import { formatPhoneNumber, telHref } from '@/lib/format';

interface SantaNumberCardProps {
  hotline: HotlineNumber;
  parentPhone: string;
}

export function SantaNumberCard({ hotline, parentPhone }: SantaNumberCardProps) {
  const isDedicated = hotline.type === 'dedicated';
  return (
    <section
      aria-labelledby="santa-number-heading"
      className="rounded-2xl bg-gradient-to-br from-santa-600 to-santa-800 p-6 text-white shadow-lg"
    >
      <h2 id="santa-number-heading" className="text-sm font-semibold tracking-wide text-santa-100 uppercase">
        Santa's Phone Number
      </h2>
      <a
        href={telHref(hotline.phone_number)}
        className="mt-2 inline-block rounded font-display text-3xl font-bold break-words text-white underline-offset-4 hover:underline focus-visible:outline-white sm:text-4xl"
      >
        {formatPhoneNumber(hotline.phone_number)}
      </a>
      <p className="mt-3">
        {isDedicated ? (
          <>
            This is your <strong>dedicated</strong> Santa line: your own number, and your child can call Santa
            anytime.
          </>
        ) : (
          <>
            This is the common Santa <strong>hotline</strong>, shared by families. Santa knows it is your
            child from the phone they call from.
          </>
        )}
      </p>
      <p className="mt-2 text-santa-50">
        Call from your own phone number ({formatPhoneNumber(parentPhone)}) so Santa recognises you.
      </p>
    </section>
  );
}
