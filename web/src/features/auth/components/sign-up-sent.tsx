import { Button } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';

/** After sign-up: the account waits for the link sent to `email`. */
export function SignUpSent({ email, onBack }: { email: string; onBack(): void }) {
  return (
    <Card title="Check your email to confirm your account" level={1}>
      <div className="stack" role="status">
        <p>
          We sent a confirmation link to <strong>{email}</strong>. Open it to activate your account, then sign in.
        </p>
        <p className="muted">
          Nothing there? Check your spam folder, or sign up again with the same email to get a new link.
        </p>
      </div>
      <div className="actions">
        <Button onClick={onBack}>Back to Sign In</Button>
      </div>
    </Card>
  );
}
