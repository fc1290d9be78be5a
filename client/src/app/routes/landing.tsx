import { SiteFooter } from '@/components/site-footer';
import { useUser } from '@/features/auth/api/get-me';
import { ClosingCta } from '@/features/landing/components/closing-cta';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingHeader, type Visitor } from '@/features/landing/components/landing-header';
import { SpecialFeatures } from '@/features/landing/components/special-features';
import { Testimonials } from '@/features/landing/components/testimonials';

export function LandingRoute() {
  const { data: user, isPending } = useUser();
  // Until /auth/me answers, show neither set of buttons rather than the wrong one.
  const visitor: Visitor = isPending ? 'unknown' : user ? 'signed-in' : 'signed-out';
  return (
    <div className="flex min-h-screen flex-col">
      <LandingHeader visitor={visitor} />
      <main className="flex-1">
        <Hero />
        <HowItWorks />
        <SpecialFeatures />
        <Testimonials />
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}
