import { Button } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';

interface Props {
  onRequestNew(): void;
  onReturn(): void;
}

/** `/auth?expired=true`: why an e-mailed link stopped working, and the way on. */
export function ExpiredLinkCard({ onRequestNew, onReturn }: Props) {
  return (
    <Card title="Email Link Expired" level={1}>
      <p>This link can no longer be used. That usually happens because:</p>
      <ul className="checklist checklist--muted">
        <li>the link is more than 1 hour old;</li>
        <li>the link was already used, and each link works only once;</li>
        <li>the link was cut short or changed when it was copied from the email.</li>
      </ul>
      <p>Request a new link and use it within the hour.</p>
      <div className="actions">
        <Button onClick={onRequestNew}>Request New Reset Link</Button>
        <Button variant="secondary" onClick={onReturn}>
          Return to Login
        </Button>
      </div>
    </Card>
  );
}
