import { ButtonLink } from '@/components/button';
import { PhoneIcon, SparklesIcon } from '@/components/icons';
import { SantaHatIcon } from '@/components/logo';
import { paths } from '@/lib/paths';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-santa-700 to-santa-600 text-white"
    >
      <Snowfall />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-[3fr_2fr] md:py-20">
        <div className="flex flex-col items-center gap-6 text-center md:items-start md:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1 text-sm font-semibold text-white">
            <SparklesIcon className="h-4 w-4 text-gold-400" />
            Try a free 1-minute sample call
          </p>
          <h1
            id="hero-title"
            className="font-display text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl"
          >
            A magical phone call <span className="text-gold-400">from Santa</span>
          </h1>
          <p className="max-w-xl text-lg text-santa-50 sm:text-xl">
            Your child calls Santa, and Santa already knows their name, their wish list and how good they have
            been this year. A real phone call, straight from the North Pole.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ButtonLink to={paths.sampleSignUp} variant="gold" size="lg">
              <PhoneIcon className="h-5 w-5" />
              Start Free Sample Call
            </ButtonLink>
            <ButtonLink to={paths.pricing} variant="light" size="lg">
              View Pricing
            </ButtonLink>
          </div>
        </div>
        <div aria-hidden="true" className="hidden justify-center md:flex">
          <div className="relative flex h-72 w-72 items-center justify-center rounded-full bg-white/10 ring-8 ring-white/10">
            <SantaHatIcon className="h-44 w-44 drop-shadow-xl" />
            <span className="absolute -right-2 top-10 flex h-16 w-16 items-center justify-center rounded-full bg-pine-600 text-white shadow-lg">
              <PhoneIcon className="h-8 w-8" />
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A few static snowflakes; purely decorative, so no motion for people who prefer none. */
function Snowfall() {
  // Kept to the edges and the illustration's side so no flake sits on the headline or its text.
  const flakes = [
    'left-[4%] top-[6%] h-2 w-2',
    'left-[30%] top-[4%] h-1.5 w-1.5',
    'left-[62%] top-[10%] h-1 w-1',
    'left-[58%] top-[88%] h-2 w-2',
    'left-[78%] top-[5%] h-1.5 w-1.5',
    // On a phone the text spans the width, so this one would sit on the paragraph.
    'left-[92%] top-[55%] h-2.5 w-2.5 max-md:hidden',
    'left-[96%] top-[20%] h-1 w-1',
    'left-[18%] top-[95%] h-1 w-1',
  ];
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {flakes.map((position) => (
        <span
          key={position}
          className={`absolute rounded-full bg-white/70 motion-safe:animate-pulse ${position}`}
        />
      ))}
    </div>
  );
}
