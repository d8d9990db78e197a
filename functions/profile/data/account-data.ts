import { TOURNAMENT_QUESTION_COUNT } from '#shared/tournaments/schedule.ts';
import { deleteItems } from '../../data/batch-write.ts';
import { classesOfTeacher, deleteClass, leaveAllClasses } from '../../classes/data/classes.ts';
import { leaveAllGroups } from '../../groups/data/study-groups.ts';
import { forgetVideos } from '../../explanations/data/videos.ts';
import { forgetPlayerInStandings } from '../../tournaments/data/tournaments.ts';
import * as keys from '../../data/table-keys.ts';
import { queryAll } from '../../data/paging.ts';

/**
 * Everything the table holds of one account, found by key (no scan) and deleted: the
 * user's own partition (profile, rounds, attempts, progress, streak, daily-challenge
 * progress and streak, achievements,
 * bookmarks, notifications, intents, the session cutoff…), the other side of its
 * friendships and friend requests, the friend challenges it is part of, the leaderboard entries of its attempts, its waitlist entry, and the sign-in records and link tokens indexed by
 * owner and address, its study-group and class memberships (left, so member counts stay right), chat
 * messages and invitations, its live tournament registrations, answers and line in the saved
 * standings. Deleting what is already gone changes nothing, so a second
 * delivery of the same event is harmless.
 *
 * Not personal data and left to expire by TTL within the hour: attempt counters keyed by
 * address or e-mail (abuse protection) and processed-event markers (ids only).
 */
type Key = { pk: string; sk: string };

async function queryKeys(input: { index?: 'gsi1' | 'gsi2'; partition: string }): Promise<Key[]> {
  const found = await queryAll({
    IndexName: input.index,
    KeyConditionExpression: input.index ? `${input.index}pk = :p` : 'pk = :p',
    ExpressionAttributeValues: { ':p': input.partition },
    ProjectionExpression: 'pk, sk',
  });
  return found as Key[];
}

/** The keys of everything to delete for the account. */
export async function accountItemKeys(userId: string, email: string): Promise<Key[]> {
  const [own, sessions, byEmail, challengesSent, challengesReceived, feedCopies, feedMentions, notificationMentions, groupMessages, tournamentEntries] = await Promise.all([
    queryKeys({ partition: keys.profile(userId).pk }),
    queryKeys({ index: 'gsi1', partition: keys.signInOfUser(userId, '').gsi1pk }),
    queryKeys({ index: 'gsi1', partition: keys.linkTokenOfEmail(email, '').gsi1pk }),
    queryKeys({ index: 'gsi1', partition: keys.challengesOf(userId) }),
    queryKeys({ index: 'gsi2', partition: keys.challengesOf(userId) }),
    // The account's activity copied into friends' feeds, and activities of others that name it.
    queryKeys({ index: 'gsi2', partition: keys.feedByActor(userId) }),
    queryKeys({ index: 'gsi1', partition: keys.feedAbout(userId) }),
    // Others' notifications that name the account (its friend requests and challenges).
    queryKeys({ index: 'gsi1', partition: keys.notificationAbout(userId, '').gsi1pk }),
    // The account's study-group chat messages.
    queryKeys({ index: 'gsi1', partition: keys.groupMessageBy(userId, '').gsi1pk }),
    // The account's live tournament registrations (with its e-mail and score).
    queryKeys({ index: 'gsi2', partition: keys.tournamentOfPlayer(userId, '').gsi2pk }),
  ]);
  // An attempt's sort key ends with its round id, which is the leaderboard entry's id.
  const leaderboard = own.filter((k) => k.sk.startsWith('ATTEMPT#')).map((k) => keys.leaderboardEntry(k.sk.split('#').at(-1)!));
  // The address's index partition also holds the profile (already in `own`); keep the tokens only.
  const tokens = byEmail.filter((k) => k.pk.startsWith('TOKEN#'));
  // A registration's tournament holds the player's answers under keys made from question numbers (1 to 25).
  const tournamentAnswers = tournamentEntries.flatMap((k) =>
    Array.from({ length: TOURNAMENT_QUESTION_COUNT }, (_, i) => keys.tournamentAnswer(tournamentIdOf(k), i + 1, userId)),
  );
  // A challenge is one item shared by both players: it goes with either account.
  return [...tournamentAnswers, ...own, ...leaderboard, ...own.flatMap((k) => mirrorOf(k, userId)), ...sessions, ...tokens, ...challengesSent, ...challengesReceived, ...feedCopies, ...feedMentions, ...notificationMentions, ...groupMessages, ...tournamentEntries, keys.waitlist(email)];
}

const tournamentIdOf = (key: Key) => key.pk.slice('TOURN#'.length);

/** The other person's side of a friendship or friend request: both sides go. */
function mirrorOf(key: Key, userId: string): Key[] {
  const [kind, ...rest] = key.sk.split('#');
  if (kind === 'FRIEND') return [keys.friend(rest[0]!, userId)];
  if (kind === 'FREQ') return [keys.friendRequest(rest[1]!, rest[0] === 'IN' ? 'OUT' : 'IN', userId)];
  // A parent link's other copy; a class membership or invitation in the class.
  if (kind === 'PLINK') return [rest[0] === 'CHILD' ? keys.childLink(rest[1]!, userId) : keys.parentLink(rest[1]!, userId)];
  if (kind === 'CLASSOF') return [keys.classMember(rest[0]!, userId)];
  if (kind === 'CLASSINVITE') return [keys.classInvited(rest[0]!, userId)];
  return [];
}

export async function deleteAccountData(userId: string, email: string): Promise<number> {
  // Study groups and classes first, each a counted leave, so member counts (and free seats) stay right.
  await leaveAllGroups(userId);
  await leaveAllClasses(userId);
  // A teacher's classes go with the teacher, with their members', invitations' and assignments' items.
  for (const c of await classesOfTeacher(userId)) await deleteClass(c);
  // The video library's marks leave the shared view, like and rating counts.
  await forgetVideos(userId);
  const itemKeys = await accountItemKeys(userId, email);
  const tournaments = [...new Set(itemKeys.filter((k) => k.pk.startsWith('TOURN#')).map(tournamentIdOf))];
  await Promise.all(tournaments.map((id) => forgetPlayerInStandings(id, userId)));
  await deleteItems(itemKeys);
  return itemKeys.length;
}
