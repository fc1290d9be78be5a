import { TalkPage } from '@/features/talk/components/talk-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it): the parent's session is the call's proof. */
export function TalkRoute() {
  return <SignedInPage title="Talk to Santa">{() => <TalkPage />}</SignedInPage>;
}
