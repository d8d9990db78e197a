import type { ReactNode } from 'react';
import { FormMessage } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What is about to happen, said plainly. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  /** Cancel, Escape: closes. Ignored while `pending`, so a running action is not hidden. */
  onCancel(): void;
  /** The action runs: the confirm button spins and the dialog stays. */
  pending?: boolean;
  /** Why the action failed; pass it (null when none) to keep a message slot under the text. */
  error?: string | null;
  /** For a destructive action's button (e.g. a danger colour). */
  confirmClassName?: string;
}

/** Asks before an action that cannot be undone: the text, then confirm and Cancel. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, pending = false, error, confirmClassName }: ConfirmDialogProps) {
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <Dialog open={open} title={title} onClose={cancel}>
      {children}
      {error !== undefined && <FormMessage message={error} />}
      <div className="actions">
        <Button className={confirmClassName} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
