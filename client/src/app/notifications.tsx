import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@santa/shared/constants';

export default function Notifications() {
  return (
    <Toaster
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_MAX_VISIBLE}
      position="top-center"
      richColors
      closeButton
    />
  );
}
