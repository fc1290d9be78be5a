import { ListeningPage } from '@/features/listening/components/listening-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function ListeningRoute() {
  return <SignedInPage title="Calls you can listen to">{() => <ListeningPage />}</SignedInPage>;
}
