import { Button } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { EmailText } from '@/components/email-text.tsx';
import { useAuditLog } from '../api/admin-api.ts';
import { actionText, detailText } from '../admin-view.ts';
import styles from './admin.module.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The audit log: every admin action, who and when, newest first. */
export function AuditLogCard() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card title="Audit Log">
      {log.isPending && <p className="muted">Loading the audit log…</p>}
      {log.isError && <p className="muted">The audit log could not be loaded.</p>}
      {log.isSuccess && entries.length === 0 && <p className="muted">No admin actions yet.</p>}
      {entries.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit log">
          <table className={`${styles.table} ${styles.auditTable}`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{when(entry.at)}</time>
                  </td>
                  <td>{entry.actor_email ? <EmailText email={entry.actor_email} /> : entry.actor_id}</td>
                  <td>{actionText(entry.action)}</td>
                  <td>{entry.target ?? '—'}</td>
                  <td>{detailText(entry.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <div className="actions">
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </Card>
  );
}
