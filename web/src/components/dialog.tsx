import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Escape, and any close button the content renders, call this. */
  onClose(): void;
  children: ReactNode;
}

const FOCUSABLE = 'input, select, textarea, button, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page
 * inert (focus stays inside), Escape closes, and focus returns where it was.
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  const titleId = useId();

  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const body = dialog.querySelector<HTMLElement>('.dialog__body');
    (body?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // React state decides; Escape asks to close
        onClose();
      }}
      onClose={() => {
        // The browser may close it without a cancel event (e.g. a repeated Escape): follow it.
        if (openRef.current) onClose();
      }}
    >
      <h2 className="dialog__title" id={titleId}>
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
