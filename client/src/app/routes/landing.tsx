import { SiteFooter } from '@/components/site-footer';
import { useVisitor } from '@/features/landing/api/use-visitor';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { MeetSanta } from '@/features/landing/components/meet-santa';
import { SpecialFeatures } from '@/features/landing/components/special-features';
import { Testimonials } from '@/features/landing/components/testimonials';

export function LandingRoute() {
  // Until the server says who is here, show neither set of buttons rather than the wrong one.
  const visitor = useVisitor();
  return (
    <div className="flex min-h-screen flex-col">
      <LandingHeader visitor={visitor} />
      <main className="flex-1">
        <Hero />
        <HowItWorks />
        <MeetSanta />
        <SpecialFeatures />
        <Testimonials />
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}
