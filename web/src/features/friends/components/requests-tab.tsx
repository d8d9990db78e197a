import type { UseQueryResult } from '@tanstack/react-query';
import type { FriendsResponse } from '#shared/social/social-api.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useCancelRequest, useRespondToRequest } from '../api/friends-api.ts';
import { LoadFailed } from './friends-tab.tsx';
import styles from './friends-page.module.css';

export interface RequestsTabProps {
  query: UseQueryResult<FriendsResponse>;
  onNotice(text: string): void;
}

const sentOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Requests received (accept or decline: the receiver only) and sent (cancel: the sender only). */
export function RequestsTab({ query, onNotice }: RequestsTabProps) {
  const respond = useRespondToRequest();
  const cancel = useCancelRequest();

  if (query.isPending) return <Spinner label="Loading requests…" />;
  if (query.isError && !query.data) return <LoadFailed what="friend requests" onRetry={() => void query.refetch()} />;
  const { received, sent } = query.data;
  const failure = respond.error?.message ?? cancel.error?.message;

  return (
    <div className={styles.sections}>
      <FormMessage message={failure} />
      <section aria-labelledby="received-heading">
        <h2 id="received-heading" className={styles.sectionTitle}>
          Received
        </h2>
        {received.length === 0 ? (
          <p className="muted">No friend requests waiting for you.</p>
        ) : (
          <ul className={styles.list} aria-label="Received requests">
            {received.map((request) => {
              const busy = respond.isPending && respond.variables.senderId === request.sender_id;
              const answer = (accept: boolean) =>
                respond.mutate(
                  { senderId: request.sender_id, accept },
                  { onSuccess: () => onNotice(accept ? `You and ${request.sender_email} are now friends` : `Request from ${request.sender_email} declined`) },
                );
              return (
                <li key={request.id} className={styles.row}>
                  <div className={styles.who}>
                    <p className={styles.email}>{request.sender_email}</p>
                    {request.message && <p className={styles.message}>“{request.message}”</p>}
                    <p className="muted">Sent {sentOn(request.created_at)}</p>
                  </div>
                  <div className={styles.rowActions}>
                    <Button loading={busy && respond.variables.accept} disabled={busy} onClick={() => answer(true)} aria-label={`Accept request from ${request.sender_email}`}>
                      Accept
                    </Button>
                    <Button
                      variant="secondary"
                      loading={busy && !respond.variables.accept}
                      disabled={busy}
                      onClick={() => answer(false)}
                      aria-label={`Decline request from ${request.sender_email}`}
                    >
                      Decline
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="sent-heading">
        <h2 id="sent-heading" className={styles.sectionTitle}>
          Sent
        </h2>
        {sent.length === 0 ? (
          <p className="muted">No requests waiting for an answer.</p>
        ) : (
          <ul className={styles.list} aria-label="Sent requests">
            {sent.map((request) => (
              <li key={request.id} className={styles.row}>
                <div className={styles.who}>
                  <p className={styles.email}>{request.receiver_email}</p>
                  {request.message && <p className={styles.message}>“{request.message}”</p>}
                  <p className="muted">Sent {sentOn(request.created_at)} · waiting for an answer</p>
                </div>
                <div className={styles.rowActions}>
                  <Button
                    variant="secondary"
                    loading={cancel.isPending && cancel.variables === request.receiver_id}
                    onClick={() => cancel.mutate(request.receiver_id, { onSuccess: () => onNotice(`Request to ${request.receiver_email} cancelled`) })}
                    aria-label={`Cancel request to ${request.receiver_email}`}
                  >
                    Cancel
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
