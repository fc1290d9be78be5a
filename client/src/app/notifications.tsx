import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@santa/shared/constants';

/**
 * Toasts rise from the bottom: at the top of a phone's screen they covered the header and its
 * Logout button for their whole life.
 */
export default function Notifications() {
  return (
    <Toaster
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_MAX_VISIBLE}
      position="bottom-center"
      richColors
      closeButton
    />
  );
}
