import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { PhoneIllustration } from '@/components/illustrations/phone';
import { paths } from '@/lib/paths';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-night-900 py-section text-snow">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-stack px-gutter sm:px-6 md:flex-row md:justify-between">
        <div className="flex flex-col items-center gap-6 text-center md:items-start md:text-left">
          <h2 id="cta-title" className="font-display text-title font-semibold">
            Make this Christmas unforgettable
          </h2>
          <p className="text-lede text-frost">Start with a free 1-minute sample call. No card needed.</p>
          <ButtonLink to={paths.pricing} variant="gold" size="lg">
            Get Started - Try Free!
          </ButtonLink>
          <p className="text-frost">
            Or{' '}
            <Link to={paths.gift} className="font-semibold text-gold-400 underline underline-offset-4">
              give Santa as a gift
            </Link>{' '}
            to another family, delivered by email on the day you choose.
          </p>
        </div>
        <PhoneIllustration className="h-64 w-auto shrink-0 sm:h-72" />
      </div>
    </section>
  );
}
