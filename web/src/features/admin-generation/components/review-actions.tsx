import { Button } from '@/components/button.tsx';

type ReviewAction = 'approve' | 'reject';

interface ReviewActionsProps {
  /** The action in flight, if any: its button spins and every button waits. */
  pending: ReviewAction | undefined;
  onAct: (action: ReviewAction) => void;
  onEdit: () => void;
}

/** Approve, Edit and Reject for one item of a review queue (generated questions and guides alike). */
export function ReviewActions({ pending, onAct, onEdit }: ReviewActionsProps) {
  const busy = pending !== undefined;
  return (
    <div className="actions">
      <Button onClick={() => onAct('approve')} loading={pending === 'approve'} disabled={busy}>
        Approve
      </Button>
      <Button variant="secondary" onClick={onEdit} disabled={busy}>
        Edit
      </Button>
      <Button variant="ghost" onClick={() => onAct('reject')} loading={pending === 'reject'} disabled={busy}>
        Reject
      </Button>
    </div>
  );
}
