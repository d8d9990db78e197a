import { useState, type FormEvent } from 'react';
import { TRIAL_DAYS } from '#shared/constants.ts';
import { SUBSCRIPTION_MESSAGES, waitlistSchema } from '#shared/plans.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { EmailField } from '@/components/text-field.tsx';
import { formatDate, waitlistErrorMessage } from '../plan-model.ts';
import { useJoinWaitlist } from '../use-subscription-mutations.ts';

/** What the trial/waitlist modal shows: the started trial, or the waitlist (after a used trial, or by choice). */
export type PremiumDialogState =
  | { kind: 'closed' }
  | { kind: 'trial-started'; endsAt: string }
  | { kind: 'waitlist'; trialUsed: boolean };

interface Props {
  state: PremiumDialogState;
  email: string;
  /** Where "Start Learning" leads (the role's home). */
  home: string;
  onClose(): void;
}

export const TRIAL_DIALOG_TITLE = 'Your Premium Trial Has Started';
export const WAITLIST_DIALOG_TITLE = 'Join the Premium Waitlist';

/** The trial/waitlist modal of /subscription (docs/quiz.md): one dialog, two contents. */
export function PremiumDialog({ state, email, home, onClose }: Props) {
  const open = state.kind !== 'closed';
  const title = state.kind === 'trial-started' ? TRIAL_DIALOG_TITLE : WAITLIST_DIALOG_TITLE;
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {state.kind === 'trial-started' && <TrialStarted endsAt={state.endsAt} home={home} onClose={onClose} />}
      {state.kind === 'waitlist' && <WaitlistForm trialUsed={state.trialUsed} initialEmail={email} onClose={onClose} />}
    </Dialog>
  );
}

function TrialStarted({ endsAt, home, onClose }: { endsAt: string; home: string; onClose(): void }) {
  return (
    <div className="stack">
      <Alert tone="success">
        <p>
          Your {TRIAL_DAYS}-day Premium trial is active until <strong>{formatDate(endsAt)}</strong>.
        </p>
      </Alert>
      <p>
        Every Premium feature is open to you now. When the trial ends your account goes back to the Free plan
        automatically; nothing is charged.
      </p>
      <div className="actions">
        <LinkButton to={home}>Start Learning</LinkButton>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}

/** Form, then success ("Welcome to Premium"), then closed (docs/quiz.md). */
function WaitlistForm({ trialUsed, initialEmail, onClose }: { trialUsed: boolean; initialEmail: string; onClose(): void }) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const waitlist = useJoinWaitlist();
  const pending = waitlist.isPending;
  const welcome = waitlist.data?.message ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = waitlistSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      setFormError(null);
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    try {
      await waitlist.mutateAsync(parsed.data.email);
    } catch (failure) {
      setFormError(waitlistErrorMessage(failure));
    }
  }

  if (welcome) {
    return (
      <div className="stack">
        <Alert tone="success" title={welcome}>
          <p>You are on the list. We will e-mail you as soon as new Premium features open up.</p>
        </Alert>
        <div className="actions">
          <Button autoFocus onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
      {trialUsed && (
        <Alert tone="info">
          <p>{SUBSCRIPTION_MESSAGES.trialUsed}</p>
        </Alert>
      )}
      <p>Join the waitlist for early access to new Premium features and offers.</p>
      <EmailField
        label="Email address"
        maxLength={255}
        // The server takes only the account's own address (no one can sign up another person).
        readOnly
        hint="We use the e-mail address of your account."
        value={email}
        error={fieldError}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
      />
      <FormMessage message={formError} />
      <div className="actions">
        <Button type="submit" loading={pending}>
          Join Waitlist
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
