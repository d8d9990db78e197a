import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GROUP_LIMITS, type GroupView } from '#shared/groups/study-groups.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { CrownIcon, GroupIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useGroupSearch, useJoinGroup, useMyGroups } from '../api/groups-api.ts';
import { CreateGroupDialog } from './create-group-dialog.tsx';
import { GroupChat } from './group-chat.tsx';
import styles from './study-groups.module.css';

const SEARCH_DEBOUNCE_MS = 300;

/** Shown instead of the page to accounts without the study_groups feature. */
export function StudyGroupsUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2 className={styles.gateTitle}>Study groups are part of Premium</h2>
      <p className="muted">Create or join study groups, chat live with members and compare your group’s progress.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

/** /study-groups: my groups, search, groups available to join, Create Group, and the open group’s chat. */
export function StudyGroupsPage({ viewerId }: { viewerId: string }) {
  const [params, setParams] = useSearchParams();
  const openId = params.get('group');
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const mine = useMyGroups();
  const available = useGroupSearch(term);
  const join = useJoinGroup();

  const open = (id: string | null) => setParams(id ? { group: id } : {}, { replace: false });
  const openGroup = mine.data?.groups.find((g) => g.id === openId) ?? null;

  const joinGroup = (group: GroupView) =>
    join.mutate(group.id, {
      onSuccess: () => {
        setNotice({ text: `You joined ${group.name}`, tone: 'success' });
        open(group.id);
      },
      onError: (error) => setNotice({ text: error.message || 'Failed to join the group', tone: 'error' }),
    });

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className="page__title">Study Groups</h1>
        <Button onClick={() => setCreating(true)}>Create Group</Button>
      </div>
      <div className={styles.notice} role="status">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </div>

      <div className={styles.layout}>
        <div className={styles.lists}>
          <section className="card" aria-labelledby="my-groups-title">
            <h2 id="my-groups-title" className="card__title">
              My Groups
            </h2>
            {mine.isPending && <Spinner label="Loading your groups…" />}
            {mine.isError && !mine.data && (
              <Alert tone="error">
                Failed to load your groups.{' '}
                <Button variant="link" onClick={() => void mine.refetch()}>
                  Retry
                </Button>
              </Alert>
            )}
            {mine.data && mine.data.groups.length === 0 && <p className="muted">You have not joined a group yet. Create one or join one below.</p>}
            {mine.data && mine.data.groups.length > 0 && (
              <ul className={styles.groupList} aria-label="My groups">
                {mine.data.groups.map((g) => (
                  <li key={g.id}>
                    <button type="button" className={styles.groupButton} aria-current={g.id === openId ? 'true' : undefined} onClick={() => open(g.id)}>
                      <span className={styles.groupName}>
                        {g.name}
                        {g.my_role === 'admin' && (
                          <span className={styles.crown} title="You are the group admin">
                            <CrownIcon size={14} />
                            <span className="visually-hidden"> (you are the group admin)</span>
                          </span>
                        )}
                      </span>
                      <span className={styles.meta}>
                        {g.member_count}/{g.max_members} members{g.is_private ? ' · Private' : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {mine.data && mine.data.invitations.length > 0 && (
              <>
                <h3 className={styles.sideTitle}>Invitations</h3>
                <GroupRows groups={mine.data.invitations} label="Invitations" onJoin={joinGroup} joining={join.isPending ? join.variables : undefined} />
              </>
            )}
          </section>

          <section className="card" aria-labelledby="find-groups-title">
            <h2 id="find-groups-title" className="card__title">
              Find Groups
            </h2>
            <div className="field">
              <label className="field__label" htmlFor="group-search">
                Search by name or description
              </label>
              <input
                id="group-search"
                type="search"
                className="field__input"
                value={search}
                maxLength={GROUP_LIMITS.searchMax}
                onChange={(e) => setSearch(e.target.value)}
                aria-controls="available-groups"
              />
            </div>
            <div id="available-groups">
              {available.isPending && <Spinner label="Loading groups…" />}
              {available.isError && !available.data && <Alert tone="error">Failed to load groups. Please try again.</Alert>}
              {available.data && (
                <>
                  <p className="visually-hidden" role="status">
                    {available.data.groups.length} {available.data.groups.length === 1 ? 'group' : 'groups'} available
                  </p>
                  {available.data.groups.length === 0 ? (
                    <p className="muted">{term ? 'No groups match your search.' : 'No groups to join yet. Create the first one!'}</p>
                  ) : (
                    <GroupRows groups={available.data.groups} label="Available groups" onJoin={joinGroup} joining={join.isPending ? join.variables : undefined} />
                  )}
                </>
              )}
            </div>
          </section>
        </div>

        <div className={styles.chatColumn}>
          {openGroup ? (
            <GroupChat key={openGroup.id} group={openGroup} viewerId={viewerId} onLeft={() => {
                setNotice({ text: `You left ${openGroup.name}`, tone: 'success' });
                open(null);
              }} />
          ) : (
            <div className={`card ${styles.placeholder}`}>
              <GroupIcon size={32} />
              <p className="muted">{openId && mine.isPending ? 'Opening the group…' : 'Pick one of your groups to open its chat.'}</p>
            </div>
          )}
        </div>
      </div>

      <CreateGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(group) => {
          setCreating(false);
          setNotice({ text: `Group ${group.name} created`, tone: 'success' });
          open(group.id);
        }}
      />
    </div>
  );
}

function GroupRows({ groups, label, onJoin, joining }: { groups: GroupView[]; label: string; onJoin(group: GroupView): void; joining: string | undefined }) {
  return (
    <ul className={styles.groupList} aria-label={label}>
      {groups.map((g) => {
        const full = g.member_count >= g.max_members;
        return (
          <li key={g.id} className={styles.availableRow}>
            <div>
              <p className={styles.groupName}>{g.name}</p>
              {g.description && <p className={styles.description}>{g.description}</p>}
              <p className={styles.meta}>
                {g.member_count}/{g.max_members} members · {g.subject === 'all' ? 'All subjects' : g.subject} · {g.level === 'mixed' ? 'Mixed levels' : g.level}
              </p>
            </div>
            <Button variant="secondary" onClick={() => onJoin(g)} disabled={full} loading={joining === g.id} aria-label={full ? `${g.name} is full` : `Join ${g.name}`}>
              {full ? 'Full' : 'Join'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
