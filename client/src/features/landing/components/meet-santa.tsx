import { useId, useState } from 'react';
import { SANTA_PERSONALITIES, type SantaPersonality } from '@santa/shared/constants';
import { SantaIllustration } from '@/components/illustrations/santa';
import { SantaVoiceSample } from '@/components/santa-voice-sample';
import { UntilHydrated } from '@/components/ui/until-hydrated';

const EXAMPLE_NAME = 'Olivia';
const NAME_LIMIT = 30;

// Every call opens the same way (the child's name first); the style shows in what follows.
const SANTAS: Record<
  SantaPersonality,
  { title: string; manner: string; greeting: (name: string) => string }
> = {
  traditional: {
    title: 'Traditional',
    manner: 'Classic and jolly: reindeer, the workshop and snowy nights.',
    greeting: (name) =>
      `Ho ho ho! Merry Christmas, ${name}! The reindeer are resting by the fire, and I have your letter right here in my big red book.`,
  },
  modern: {
    title: 'Modern',
    manner: 'Upbeat and up to date: games, hobbies and school.',
    greeting: (name) =>
      `Ho ho ho! Merry Christmas, ${name}! The elves just put your wish list up on the workshop screen. Shall we go through it together?`,
  },
  mixed: {
    title: 'Mixed',
    manner: 'The best of both: North Pole magic with a friendly modern touch.',
    greeting: (name) =>
      `Ho ho ho! Merry Christmas, ${name}! Rudolph says hello, and the elves are testing the very game you asked for.`,
  },
};

/** Each Santa personality, greeting the visitor's own child by name as they type it. */
export function MeetSanta() {
  const inputId = useId();
  const [name, setName] = useState('');
  const shown = name.trim() || EXAMPLE_NAME;
  return (
    <section aria-labelledby="meet-title" className="bg-frost py-section">
      <div className="mx-auto max-w-6xl px-gutter sm:px-6">
        <p className="text-center text-eyebrow font-extrabold text-santa-700 uppercase">Three Santas</p>
        <h2 id="meet-title" className="mt-3 text-center font-display text-title font-semibold text-night-900">
          Choose the Santa who calls
        </h2>
        <div className="mx-auto mt-6 flex max-w-md flex-col gap-2">
          <label htmlFor={inputId} className="text-center font-bold text-ink">
            Your child&rsquo;s first name
          </label>
          <UntilHydrated>
            <input
              id={inputId}
              value={name}
              maxLength={NAME_LIMIT}
              autoComplete="off"
              placeholder={EXAMPLE_NAME}
              onChange={(event) => setName(event.target.value)}
              className="min-h-tap rounded-full border-2 border-night-700/30 bg-white px-5 text-center text-lg text-ink placeholder:text-gray-600 focus-visible:border-night-700"
            />
          </UntilHydrated>
        </div>
        <ul className="mt-stack grid gap-6 md:grid-cols-3">
          {SANTA_PERSONALITIES.map((personality) => {
            const santa = SANTAS[personality];
            return (
              <li
                key={personality}
                className="flex flex-col rounded-card bg-white p-6 shadow-sm ring-1 ring-night-900/10"
              >
                <div className="flex items-center gap-4">
                  <SantaIllustration
                    look={personality}
                    className="h-24 w-24 shrink-0 rounded-full bg-frost"
                  />
                  <div>
                    <h3 className="font-display text-heading font-semibold text-night-900">{santa.title}</h3>
                    <p className="mt-1 text-sm text-gray-700">{santa.manner}</p>
                  </div>
                </div>
                <blockquote className="relative mt-5 flex-1 rounded-2xl bg-santa-50 p-4 text-ink">
                  <span
                    aria-hidden="true"
                    className="absolute -top-2 left-10 h-4 w-4 rotate-45 bg-santa-50"
                  />
                  <p className="relative">&ldquo;{santa.greeting(shown)}&rdquo;</p>
                </blockquote>
                <div className="mt-4">
                  <SantaVoiceSample personality={personality} />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
