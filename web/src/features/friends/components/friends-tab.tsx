import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Friend, FriendsResponse } from '#shared/social/social-api.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useRemoveFriend } from '../api/friends-api.ts';
import { lastActiveText } from '../friends-view.ts';
import styles from './friends-page.module.css';

export interface FriendsTabProps {
  query: UseQueryResult<FriendsResponse>;
  onAdd(): void;
  onChallenge(friend: Friend): void;
  onNotice(text: string): void;
}

/** The Friends tab: each friend's e-mail, last active, streak and points; Compare, Challenge, Remove. */
export function FriendsTabPanel({ query, onAdd, onChallenge, onNotice }: FriendsTabProps) {
  const [removing, setRemoving] = useState<Friend | null>(null);
  const remove = useRemoveFriend();
  const today = new Date().toISOString().slice(0, 10);

  if (query.isPending) return <Spinner label="Loading friends…" />;
  if (query.isError && !query.data) return <LoadFailed what="friends" onRetry={() => void query.refetch()} />;
  const { friends } = query.data;

  if (friends.length === 0) {
    return (
      <div className={styles.empty}>
        <p>You have no friends yet. Add a friend by e-mail to compare progress and send challenges.</p>
        <Button onClick={onAdd}>Add Friend</Button>
      </div>
    );
  }

  return (
    <>
      <ul className={styles.list} aria-label="Your friends">
        {friends.map((friend) => (
          <li key={friend.friend_id} className={styles.row}>
            <div className={styles.who}>
              <p className={styles.email}>{friend.email}</p>
              <dl className={styles.facts}>
                <div>
                  <dt>Last active</dt>
                  <dd>{lastActiveText(friend.last_active, today)}</dd>
                </div>
                <div>
                  <dt>Current streak</dt>
                  <dd>
                    {friend.current_streak} day{friend.current_streak === 1 ? '' : 's'}
                  </dd>
                </div>
                <div>
                  <dt>Total points</dt>
                  <dd>{friend.total_points.toLocaleString('en-US')}</dd>
                </div>
              </dl>
            </div>
            <div className={styles.rowActions}>
              <LinkButton to={`/leaderboard?friend=${encodeURIComponent(friend.friend_id)}`} variant="secondary" aria-label={`Compare with ${friend.email}`}>
                Compare
              </LinkButton>
              <Button onClick={() => onChallenge(friend)} aria-label={`Challenge ${friend.email}`}>
                Challenge
              </Button>
              <Button variant="ghost" onClick={() => setRemoving(friend)} aria-label={`Remove ${friend.email}`}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={removing !== null}
        title="Remove Friend"
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.isError ? remove.error.message || 'Failed to remove friend' : null}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.friend_id, {
            onSuccess: () => {
              onNotice(`${removing.email} was removed from your friends`);
              setRemoving(null);
            },
          });
        }}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      >
        <p>Remove {removing?.email} from your friends? You will also disappear from their list.</p>
      </ConfirmDialog>
    </>
  );
}

/** A list that could not be loaded: the reason and a way to ask again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <div className={styles.empty}>
      <Alert tone="error">Failed to load {what}. Please try again.</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
