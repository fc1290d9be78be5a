import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export function SetupRequiredCard() {
  return (
    <section
      aria-labelledby="setup-required-heading"
      className="rounded-2xl border-2 border-gold-400 bg-amber-50 p-6 shadow-sm"
    >
      <h2 id="setup-required-heading" className="font-display text-2xl font-bold text-ink">
        Setup Required
      </h2>
      <p className="mt-2 text-gray-700">
        Tell Santa about your child so he can greet them by name and chat about their wishes. Four short
        steps, about two minutes.
      </p>
      <ButtonLink to={paths.welcome} className="mt-4 min-h-11">
        Set Up Kid Profile
      </ButtonLink>
    </section>
  );
}
