import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';

/** One kind of toast, shown once sonner has loaded (at once after the first toast). */
function show(kind: Kind) {
  return (message: string, options?: ExternalToast): void => {
    void import('sonner').then(({ toast }) => toast[kind](message, options));
  };
}

/**
 * sonner's toast, loaded on first use: the prerendered public pages paint without it, and the
 * lazily mounted Toaster (app/notifications.tsx) shares the same module and so the same queue.
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
};
