import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { consentRequestOf, NOTIFICATION_MESSAGES as M, type Notification } from '#shared/notifications/notification.ts';
import { useAnswerConsent, useDeleteNotification, useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications-api.ts';
import { timeAgo } from '../browser-notifications.ts';
import { useBrowserPopUps } from '../use-browser-pop-ups.ts';
import styles from './notification-bell.module.css';

const PRIORITY_LABEL = { high: 'High priority', medium: 'Medium priority', low: 'Low priority' } as const;

/**
 * The bell in the top bar (docs/social.md): the unread count, and a panel with the newest 20,
 * each to mark read, act on or delete, and mark all read. Escape or a click outside closes
 * the panel and gives focus back to the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotification();
  const consent = useAnswerConsent();
  const [answered, setAnswered] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  useBrowserPopUps(list.data?.notifications);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      bell.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const unread = list.data?.unread ?? 0;
  const items = list.data?.notifications ?? [];
  const run = (action: Promise<unknown>, message: string) => {
    setFailure(null);
    action.catch(() => setFailure(message));
  };
  // A parent's link or a class invitation is answered here: the answer, then the item is read.
  const answer = (item: Notification, accept: boolean) => {
    const request = consentRequestOf(item);
    if (!request) return;
    setFailure(null);
    consent
      .mutateAsync({ request, accept })
      .then(({ status }) => {
        setAnswered((was) => ({ ...was, [item.id]: status === 'accepted' ? 'Accepted' : 'Declined' }));
        if (!item.read) return markRead.mutateAsync(item.id);
      })
      .catch(() => setFailure('That request was already answered, or could not be answered now.'));
  };
  const act = (item: Notification) => {
    if (!item.read) run(markRead.mutateAsync(item.id), M.markReadFailed);
    setOpen(false);
    if (item.action_url) navigate(item.action_url);
  };

  return (
    <div className={styles.root} ref={root}>
      <button
        ref={bell}
        type="button"
        className={styles.bell}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className={styles.count} aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className={styles.panel} aria-label="Notifications">
          <header className={styles.head}>
            <h2 className={styles.title}>Notifications</h2>
            <button type="button" className="btn btn--link" disabled={unread === 0 || markAll.isPending} onClick={() => run(markAll.mutateAsync(), M.markAllFailed)}>
              Mark all read
            </button>
          </header>
          <div role="alert" className={styles.failure}>
            {failure && <div className="alert alert--error">{failure}</div>}
          </div>
          {list.isPending ? (
            <p className={styles.state} role="status">
              Loading notifications…
            </p>
          ) : list.isError && !list.data ? (
            <div className={styles.state}>
              <p className="alert alert--error" role="alert">
                {M.fetchFailed}
              </p>
              <button type="button" className="btn btn--secondary" onClick={() => void list.refetch()}>
                Retry
              </button>
            </div>
          ) : items.length === 0 ? (
            <p className={styles.state}>No notifications yet. Achievements, friend requests, challenges and reminders appear here.</p>
          ) : (
            <ul className={styles.list}>
              {items.map((item) => (
                <li key={item.id} className={`${styles.item} ${styles[item.priority]} ${item.read ? styles.read : ''}`} aria-label={`${item.read ? '' : 'Unread: '}${item.title}`}>
                  <span className={styles.priority}>{PRIORITY_LABEL[item.priority]}</span>
                  <p className={styles.itemTitle}>{item.title}</p>
                  <p className={styles.message}>{item.message}</p>
                  <p className={styles.time}>
                    <time dateTime={item.created_at}>{timeAgo(item.created_at, Date.now())}</time>
                  </p>
                  <div className={styles.actions}>
                    {consentRequestOf(item) &&
                      (answered[item.id] ? (
                        <span role="status">{answered[item.id]}</span>
                      ) : (
                        <>
                          <button type="button" className={`btn btn--primary ${styles.small}`} disabled={consent.isPending} onClick={() => answer(item, true)} aria-label={`Accept: ${item.title}`}>
                            Accept
                          </button>
                          <button type="button" className={`btn btn--secondary ${styles.small}`} disabled={consent.isPending} onClick={() => answer(item, false)} aria-label={`Decline: ${item.title}`}>
                            Decline
                          </button>
                        </>
                      ))}
                    {item.action_url && item.action_text && (
                      <button type="button" className={`btn btn--primary ${styles.small}`} onClick={() => act(item)}>
                        {item.action_text}
                      </button>
                    )}
                    {!item.read && (
                      <button type="button" className={`btn btn--secondary ${styles.small}`} aria-label={`Mark read: ${item.title}`} onClick={() => run(markRead.mutateAsync(item.id), M.markReadFailed)}>
                        Mark read
                      </button>
                    )}
                    <button type="button" className={`btn btn--ghost ${styles.small}`} aria-label={`Delete: ${item.title}`} onClick={() => run(remove.mutateAsync(item.id), M.deleteFailed)}>
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <footer className={styles.foot}>
            <Link to="/notifications" onClick={() => setOpen(false)}>
              Notification settings
            </Link>
          </footer>
        </section>
      )}
    </div>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}
