import { ButtonLink } from '@/components/ui/button';
import { SiteHeader } from '@/components/site-header';
import { paths } from '@/lib/paths';
import type { Visitor } from '../api/use-visitor';

/** Spec §2 Landing: a signed-in parent gets Dashboard; a visitor gets Sign In and Get Started. */
export function LandingHeader({ visitor }: { visitor: Visitor }) {
  return (
    <SiteHeader>
      {visitor === 'signed-in' ? (
        <ButtonLink to={paths.dashboard} size="sm">
          Dashboard
        </ButtonLink>
      ) : null}
      {visitor === 'signed-out' ? (
        <>
          <ButtonLink to={paths.auth} variant="ghost" size="sm" className="px-3">
            Sign In
          </ButtonLink>
          <ButtonLink to={paths.pricing} size="sm" className="px-3 sm:px-4">
            Get Started
          </ButtonLink>
        </>
      ) : null}
    </SiteHeader>
  );
}
