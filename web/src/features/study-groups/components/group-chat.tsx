import { countOf } from '#shared/text/counts.ts';
import { EmailText } from '@/components/email-text.tsx';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_TYPE, GROUP_LIMITS, canSendMessage, chatMessageViewSchema, type GroupView } from '#shared/groups/study-groups.ts';
import type { ServerMessage } from '#shared/realtime/messages.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { CrownIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { EmailField } from '@/components/text-field.tsx';
import { useRealtimeTopic } from '@/lib/realtime/index.ts';
import { useAppendMessage, useGroupDetail, useGroupMessages, useGroupStats, useInviteToGroup, useLeaveGroup, useSendMessage } from '../api/groups-api.ts';
import styles from './study-groups.module.css';

const timeText = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** A group's chat view: info, members (crown for the admin), quick actions, stats and the live chat. */
export function GroupChat({ group, viewerId, onLeft }: { group: GroupView; viewerId: string; onLeft(): void }) {
  const detail = useGroupDetail(group.id);
  const messages = useGroupMessages(group.id);
  const stats = useGroupStats(group.id);
  const leave = useLeaveGroup();
  const append = useAppendMessage();

  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type !== CHAT_MESSAGE_TYPE) return;
      const parsed = chatMessageViewSchema.safeParse(message.data);
      if (!parsed.success || parsed.data.group_id !== group.id) return;
      append(parsed.data);
      // A sender not yet in the members list joined since it was loaded: ask again.
      if (detail.data && !detail.data.members.some((m) => m.user_id === parsed.data.user_id)) void detail.refetch();
    },
    [append, group.id, detail],
  );
  useRealtimeTopic(`group:${group.id}`, onMessage, {
    onResync: () => {
      void messages.refetch();
      void detail.refetch();
    },
  });

  const admin = detail.data?.members.find((m) => m.role === 'admin');
  return (
    <section className={`card ${styles.chatCard}`} aria-labelledby="group-chat-title">
      <header className={styles.chatHead}>
        <div>
          <h2 id="group-chat-title" className="card__title">
            {group.name}
          </h2>
          {group.description && <p className="muted">{group.description}</p>}
          <p className={styles.meta}>
            {group.member_count}/{countOf(group.max_members, 'member')} · {group.subject === 'all' ? 'All subjects' : group.subject} · {group.level === 'mixed' ? 'Mixed levels' : group.level}
            {group.is_private ? ' · Private' : ''}
          </p>
        </div>
        <div className={styles.quickActions} role="group" aria-label="Quick actions">
          <LinkButton to="/quiz/geography/beginner">Start Group Quiz</LinkButton>
          <LinkButton to="/competition" variant="secondary">
            Challenge Group
          </LinkButton>
          <Button
            variant="ghost"
            loading={leave.isPending}
            onClick={() =>
              // The promise, not mutate's callbacks: the group leaves the list (and this view unmounts) as the cache updates.
              void leave.mutateAsync(group.id).then(onLeft, () => undefined)
            }
          >
            Leave Group
          </Button>
        </div>
      </header>
      {leave.isError && <Alert tone="error">Failed to leave the group. Please try again.</Alert>}

      <div className={styles.chatBody}>
        <div className={styles.chatMain}>
          <h3 className="visually-hidden">Chat</h3>
          {messages.isPending && <Spinner label="Loading messages…" />}
          {messages.isError && !messages.data && (
            <Alert tone="error">
              Failed to load messages.{' '}
              <Button variant="link" onClick={() => void messages.refetch()}>
                Retry
              </Button>
            </Alert>
          )}
          {messages.data && (
            // The log scrolls; the list inside it keeps its items in a list (role="log" on the <ol> would leave them outside one).
            <div className={styles.log} role="log" aria-live="polite" aria-label={`Messages in ${group.name}`} tabIndex={0}>
              <ol className={styles.messages}>
                {messages.data.messages.length === 0 && <li className="muted">No messages yet. Say hello!</li>}
                {messages.data.messages.map((m) => (
                  <li key={m.id} className={m.user_id === viewerId ? `${styles.message} ${styles.mine}` : styles.message}>
                    <span className={styles.sender}>
                      {m.user_id === viewerId ? 'You' : m.email}
                      {admin?.user_id === m.user_id && <CrownBadge />}
                    </span>
                    <span className={styles.text}>{m.message}</span>
                    <time className={styles.time} dateTime={m.created_at}>
                      {timeText(m.created_at)}
                    </time>
                  </li>
                ))}
              </ol>
            </div>
          )}
          <Composer groupId={group.id} />
        </div>

        <aside className={styles.side} aria-label="Group info">
          <h3 className={styles.sideTitle}>Members</h3>
          {detail.isPending && <Spinner label="Loading members…" />}
          {detail.isError && <p className="muted">Members could not be loaded.</p>}
          {detail.data && (
            <ul className={styles.members} aria-label="Members">
              {detail.data.members.map((m) => (
                <li key={m.user_id}>
                  <EmailText email={m.email} />
                  {m.user_id === viewerId ? ' (you)' : ''}
                  {m.role === 'admin' && <CrownBadge />}
                </li>
              ))}
            </ul>
          )}
          {group.my_role === 'admin' && <InviteFriend groupId={group.id} />}
          <h3 className={styles.sideTitle}>Group stats</h3>
          {stats.isPending && <Spinner label="Loading stats…" />}
          {stats.data && (
            <dl className={styles.stats}>
              <div>
                <dt>Quizzes played</dt>
                <dd>{stats.data.stats.total_quizzes}</dd>
              </div>
              <div>
                <dt>Average score</dt>
                <dd>{stats.data.stats.average_score === null ? '—' : `${stats.data.stats.average_score}%`}</dd>
              </div>
              <div>
                <dt>Total points</dt>
                <dd>{stats.data.stats.total_points.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Active members</dt>
                <dd>{stats.data.stats.active_members}</dd>
              </div>
            </dl>
          )}
        </aside>
      </div>
    </section>
  );
}

function CrownBadge() {
  return (
    <span className={styles.crown} title="Group admin">
      <CrownIcon size={14} />
      <span className="visually-hidden"> (group admin)</span>
    </span>
  );
}

/** The message box: Enter sends, Shift+Enter makes a new line; sending is allowed only for a valid message. */
function Composer({ groupId }: { groupId: string }) {
  const [draft, setDraft] = useState('');
  const send = useSendMessage(groupId);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const valid = canSendMessage(draft);
  const tooLong = draft.trim().length > GROUP_LIMITS.messageMax;

  useEffect(() => setDraft(''), [groupId]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!valid || send.isPending) return;
    send.mutate(draft, {
      onSuccess: () => {
        setDraft('');
        box.current?.focus();
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={submit} aria-label="Send a message">
      <label htmlFor={`${id}-message`} className="visually-hidden">
        Message
      </label>
      <textarea
        ref={box}
        id={`${id}-message`}
        className={`field__input ${styles.composerInput}`}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder="Type a message…"
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
      />
      <Button type="submit" loading={send.isPending} disabled={!valid}>
        Send
      </Button>
      <p id={`${id}-count`} className={tooLong ? styles.countOver : styles.count}>
        {draft.trim().length}/{GROUP_LIMITS.messageMax}
      </p>
      {send.isError && (
        <p className="field__error" role="alert">
          {send.error.message || 'Failed to send the message'}
        </p>
      )}
    </form>
  );
}

/** The group admin invites a friend by e-mail; a private group is joined only with an invitation. */
function InviteFriend({ groupId }: { groupId: string }) {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const invite = useInviteToGroup(groupId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || invite.isPending) return;
    setDone(null);
    invite.mutate(email.trim(), {
      onSuccess: ({ invitation }) => {
        setDone(`${invitation.email} is invited`);
        setEmail('');
      },
    });
  };
  return (
    <form className={styles.invite} onSubmit={submit} noValidate aria-label="Invite a friend">
      <h3 className={styles.sideTitle}>Invite a friend</h3>
      <EmailField label="Friend's email" value={email} onChange={(e) => setEmail(e.target.value)} error={invite.isError ? invite.error.message || 'Failed to invite' : undefined} />
      <Button type="submit" variant="secondary" loading={invite.isPending} disabled={!email.trim()}>
        Invite
      </Button>
      <p className="muted" role="status">
        {done}
      </p>
    </form>
  );
}
