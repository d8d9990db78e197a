import { useId, useState, type FormEvent } from 'react';
import { MAX_LENGTH } from '#shared/constants.ts';
import { FRIEND_LIMITS, friendRequestSchema, isWholeAddress } from '#shared/social/friends.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { EmailField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useSendFriendRequest, useUserSearch } from '../api/friends-api.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import styles from './friends-page.module.css';

export interface AddFriendDialogProps {
  open: boolean;
  onClose(): void;
  onSent(email: string): void;
}

/**
 * Add Friend: the friend's whole e-mail address (no prefix search), checked 300 ms
 * after typing stops; a match shows masked, as the server sends it. An optional message.
 */
export function AddFriendDialog({ open, onClose, onSent }: AddFriendDialogProps) {
  return (
    <Dialog open={open} title="Add Friend" onClose={onClose}>
      {/* Mounted only while open, so each opening starts empty. */}
      {open && <AddFriendForm onClose={onClose} onSent={onSent} />}
    </Dialog>
  );
}

function AddFriendForm({ onClose, onSent }: Omit<AddFriendDialogProps, 'open'>) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; message?: string }>({});
  const send = useSendFriendRequest();
  const term = useDebouncedValue(email.trim(), FRIEND_LIMITS.searchDebounceMs);
  const search = useUserSearch(term);
  const messageId = useId();
  const resultsId = useId();
  const searching = isWholeAddress(term);
  const match = searching ? search.data?.users[0] : undefined;
  // The server names the field for e-mail problems (yourself, not found is the form's message).
  const serverEmailError = isApiError(send.error) ? send.error.fields.email : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = friendRequestSchema.safeParse({ email, message });
    if (!parsed.success) {
      const errors: { email?: string; message?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'email' || key === 'message') && !errors[key]) errors[key] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    send.mutate(parsed.data, { onSuccess: () => onSent(parsed.data.email) });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <EmailField
        label="Friend's email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldErrors.email ?? serverEmailError}
        hint="Type your friend's whole e-mail address."
        aria-controls={resultsId}
        maxLength={MAX_LENGTH.email}
      />
      <div id={resultsId} role="status">
        {searching && search.isError && <p className="muted">Checking the address is unavailable right now; you can still send the request.</p>}
        {searching && search.isSuccess && !search.isPlaceholderData && (
          <p className="muted">
            {match ? (
              <>
                Student found: <span className={styles.maskedEmail}>{match.email}</span>
              </>
            ) : (
              'No student you can add has this address.'
            )}
          </p>
        )}
      </div>
      <div className={`field ${fieldErrors.message ? 'field--invalid' : ''}`}>
        <label className="field__label" htmlFor={messageId}>
          Message (optional)
        </label>
        <textarea
          id={messageId}
          className={`field__input ${styles.textarea}`}
          value={message}
          maxLength={FRIEND_LIMITS.messageMax}
          rows={3}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={fieldErrors.message ? true : undefined}
        />
        <p className="field__hint">
          {message.length} / {FRIEND_LIMITS.messageMax}
        </p>
        {fieldErrors.message && <p className="field__error">{fieldErrors.message}</p>}
      </div>
      <FormMessage message={send.error && !serverEmailError ? send.error.message : null} />
      <div className="actions">
        <Button type="submit" loading={send.isPending} disabled={email.trim() === ''}>
          Send Request
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
