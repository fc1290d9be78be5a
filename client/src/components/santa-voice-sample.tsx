import { SANTA_PERSONALITIES, type SantaPersonality } from '@santa/shared/constants';
import { voiceSamplePath } from '@santa/shared/voice-samples';

const TITLES: Record<SantaPersonality, string> = {
  traditional: 'Traditional Santa',
  modern: 'Modern Santa',
  mixed: 'Mixed Santa',
};

/**
 * How a Santa sounds, before anyone pays: the browser's own player (keyboard and screen-reader
 * friendly, with its length and a seek bar). Nothing downloads until the visitor presses play.
 */
export function SantaVoiceSample({ personality }: { personality: SantaPersonality }) {
  const label = `Hear ${TITLES[personality]}`;
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-semibold text-ink">{label}</figcaption>
      <audio
        controls
        preload="none"
        src={voiceSamplePath(personality)}
        aria-label={label}
        data-voice-sample={personality}
        className="h-11 w-full"
      />
    </figure>
  );
}

/** The three Santas side by side (pricing). */
export function SantaVoiceSamples() {
  return (
    <section aria-labelledby="voices-title" className="mx-auto mt-12 max-w-4xl">
      <h2 id="voices-title" className="text-center font-display text-2xl font-bold text-ink">
        Hear Santa before you choose
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        {SANTA_PERSONALITIES.map((personality) => (
          <SantaVoiceSample key={personality} personality={personality} />
        ))}
      </div>
    </section>
  );
}
