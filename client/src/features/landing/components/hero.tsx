import { ButtonLink } from '@/components/ui/button';
import { PhoneIcon, SparklesIcon } from '@/components/ui/icons';
import { SantaIllustration } from '@/components/illustrations/santa';
import { paths } from '@/lib/paths';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-night-900 via-night-800 to-night-700 text-snow"
    >
      <div className="relative mx-auto grid max-w-6xl items-center gap-stack px-gutter pt-12 pb-4 sm:px-6 md:grid-cols-[3fr_2fr] md:pt-20">
        <div className="flex flex-col items-center gap-6 text-center md:items-start md:text-left">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-bold text-snow ring-1 ring-white/20">
            <SparklesIcon className="h-4 w-4 text-gold-400" />
            Try a free 1-minute sample call
          </p>
          <h1 id="hero-title" className="font-display text-display font-semibold">
            A magical phone call <span className="text-gold-300 italic">from Santa</span>
          </h1>
          <p className="max-w-xl text-lede text-frost">
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
        <div aria-hidden="true" className="flex justify-center">
          <div className="relative flex aspect-square w-56 items-end justify-center rounded-full bg-radial from-night-700 to-night-900 ring-1 ring-white/15 sm:w-72 md:w-80">
            <SantaIllustration withPhone className="w-[88%]" />
          </div>
        </div>
      </div>
      {/* A drift of snow leading into the page. */}
      <svg
        viewBox="0 0 1440 80"
        preserveAspectRatio="none"
        className="-mt-px block h-10 w-full sm:h-16"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M0 44c240 40 480-34 720-10s480 46 720-6v52H0Z" fill="#fffdf8" />
      </svg>
    </section>
  );
}
