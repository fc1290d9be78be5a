import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  tone?: 'danger' | 'neutral';
}

/** A modal on the native <dialog>: focus is trapped, Escape closes, the page behind is inert. */
export function Dialog({ open, title, description, onClose, children, tone = 'neutral' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-santa-100 bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      {open ? (
        <div className="flex flex-col gap-4 p-6">
          <h2
            id={titleId}
            className={`font-display text-2xl font-bold ${tone === 'danger' ? 'text-santa-700' : 'text-ink'}`}
          >
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="text-gray-700">
              {description}
            </div>
          ) : null}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The Cancel / confirm row at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
