import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { badgeText } from '#shared/social/friends.ts';
import type { Friend } from '#shared/social/social-api.ts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TabList, tabId, tabPanelId } from '@/components/tab-list.tsx';
import { useChallenges, useFriends } from '../api/friends-api.ts';
import { awaitingResult, challengesNeedingMe, FRIENDS_TABS, tabFromSearch, type FriendsTab } from '../friends-view.ts';
import { AddFriendDialog } from './add-friend-dialog.tsx';
import { ChallengesTab } from './challenges-tab.tsx';
import { FriendsTabPanel } from './friends-tab.tsx';
import { RequestsTab } from './requests-tab.tsx';
import { SendChallengeDialog } from './send-challenge-dialog.tsx';
import styles from './friends-page.module.css';

export interface FriendsPageProps {
  viewerId: string;
  /** The Activity Feed tab's content and count, composed by the app (another feature owns the feed). */
  activityFeed?: { content: ReactNode; count: number };
}

/**
 * /friends (docs/social.md): four tabs with count badges (9+), Add Friend, and the Send
 * Challenge dialog opened from a friend's row. The tab lives in the address (?tab=).
 */
export function FriendsPage({ viewerId, activityFeed }: FriendsPageProps) {
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search.get('tab'));
  const friends = useFriends();
  const challenges = useChallenges((list) => awaitingResult(list, Date.now()));
  const [adding, setAdding] = useState(false);
  const [challenging, setChallenging] = useState<Friend | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const counts: Record<FriendsTab, number> = {
    friends: friends.data?.friends.length ?? 0,
    requests: friends.data?.received.length ?? 0,
    challenges: challenges.data ? challengesNeedingMe(challenges.data.challenges, viewerId, Date.now()) : 0,
    activity: activityFeed?.count ?? 0,
  };

  const select = (next: FriendsTab) => {
    setNotice(null);
    setSearch(next === 'friends' ? {} : { tab: next }, { replace: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className="page__title">Friends &amp; Social</h1>
        <Button onClick={() => setAdding(true)}>Add Friend</Button>
      </div>
      <div role="status" className={styles.notice}>
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>

      <TabList
        tabs={FRIENDS_TABS.map(({ id, label }) => {
          const badge = badgeText(counts[id]);
          return {
            id,
            label,
            // The space keeps the accessible name "Requests 3", not "Requests3".
            badge: badge && (
              <>
                {' '}
                <span className={styles.count}>{badge}</span>
              </>
            ),
          };
        })}
        selected={tab}
        onSelect={select}
        idPrefix="friends"
        label="Friends and social"
      />

      <div role="tabpanel" id={tabPanelId('friends', tab)} aria-labelledby={tabId('friends', tab)} className={styles.panel} tabIndex={0}>
        {tab === 'friends' && <FriendsTabPanel query={friends} onAdd={() => setAdding(true)} onChallenge={setChallenging} onNotice={setNotice} />}
        {tab === 'requests' && <RequestsTab query={friends} onNotice={setNotice} />}
        {tab === 'challenges' && <ChallengesTab query={challenges} viewerId={viewerId} onNotice={setNotice} />}
        {tab === 'activity' && (activityFeed?.content ?? <p className="muted">No activity from your friends yet.</p>)}
      </div>

      <AddFriendDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSent={(email) => {
          setAdding(false);
          setNotice(`Friend request sent to ${email}`);
        }}
      />
      {challenging && (
        <SendChallengeDialog
          friend={challenging}
          onClose={() => setChallenging(null)}
          onSent={() => {
            const email = challenging.email;
            setChallenging(null);
            select('challenges');
            setNotice(`Challenge sent to ${email}`);
          }}
        />
      )}
    </div>
  );
}
