import { SantaSafetyPage } from '@/features/safety/components/santa-safety-page';

/** Open to anyone: parents read it before they set up a call. */
export function SantaSafetyRoute() {
  return <SantaSafetyPage />;
}
