import { ButtonLink } from '@/components/button';
import { paths } from '@/lib/paths';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-pine-700 py-16 text-white">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 text-center sm:px-6">
        <h2 id="cta-title" className="font-display text-3xl font-bold sm:text-4xl">
          Make this Christmas unforgettable
        </h2>
        <p className="text-lg text-pine-50">Start with a free 1-minute sample call. No card needed.</p>
        <ButtonLink to={paths.pricing} variant="gold" size="lg">
          Get Started - Try Free!
        </ButtonLink>
      </div>
    </section>
  );
}
