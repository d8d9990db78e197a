import { Button } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { useMyParents, useRemoveParent, useRespondToParent } from '../api/parent-api.ts';
import styles from './parent-dashboard.module.css';

/**
 * The student's side of parent links (on /profile): a parent's request waits here (and in the
 * bell) for Accept or Decline; an approved parent can be removed at any time, and then sees nothing.
 */
export function ParentLinksCard() {
  const parents = useMyParents();
  const respond = useRespondToParent();
  const remove = useRemoveParent();
  const list = parents.data?.parents.filter((p) => p.status !== 'declined') ?? [];

  return (
    <Card title="Parents">
      {parents.isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : parents.isError ? (
        <div className="widget-error">
          <p className="widget-error__title" role="alert">
            Your parent links could not be loaded.
          </p>
          <Button variant="secondary" onClick={() => void parents.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="muted">No parent follows your progress. A parent can ask from their dashboard with your e-mail; you decide here.</p>
      ) : (
        <ul className={styles.requests} aria-label="Parents">
          {list.map((p) => (
            <li key={p.parent_id} className={styles.request}>
              <p>
                <strong>{p.parent_email}</strong>{' '}
                <span className="muted">{p.status === 'pending' ? 'asks to see your scores and study time' : 'sees your scores and study time'}</span>
              </p>
              <div className="actions">
                {p.status === 'pending' ? (
                  <>
                    <Button loading={respond.isPending && respond.variables.parentId === p.parent_id} onClick={() => respond.mutate({ parentId: p.parent_id, accept: true })} aria-label={`Accept ${p.parent_email}`}>
                      Accept
                    </Button>
                    <Button variant="secondary" onClick={() => respond.mutate({ parentId: p.parent_id, accept: false })} aria-label={`Decline ${p.parent_email}`}>
                      Decline
                    </Button>
                  </>
                ) : (
                  <Button variant="secondary" loading={remove.isPending && remove.variables === p.parent_id} onClick={() => remove.mutate(p.parent_id)} aria-label={`Remove ${p.parent_email}`}>
                    Remove
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {(respond.isError || remove.isError) && (
        <p className="alert alert--error" role="alert">
          That did not work. Try again.
        </p>
      )}
    </Card>
  );
}
