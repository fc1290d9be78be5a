import { SantaCallsPage } from '@/features/scheduled-calls/components/santa-calls-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function SantaCallsRoute() {
  return <SignedInPage title="Santa calls your child">{() => <SantaCallsPage />}</SignedInPage>;
}
